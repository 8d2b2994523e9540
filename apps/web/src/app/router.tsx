import { createBrowserRouter } from 'react-router';
import { PlaceholderScreen } from '../components/PlaceholderScreen.tsx';
import { HomeScreen } from '../features/products/HomeScreen.tsx';
import { Layout } from './layout/Layout.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        // A screen that fails shows its error inside the layout; header and cart stay usable.
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: <HomeScreen /> },
          { path: 'search/:keyword', element: <HomeScreen /> },
          { path: 'page/:pageNumber', element: <HomeScreen /> },
          { path: 'search/:keyword/page/:pageNumber', element: <HomeScreen /> },
          { path: 'product/:id', element: <PlaceholderScreen title="Product" /> },
          { path: 'cart/:id?', element: <PlaceholderScreen title="Shopping Cart" /> },
          { path: 'login', element: <PlaceholderScreen title="Sign In" /> },
          { path: 'register', element: <PlaceholderScreen title="Register" /> },
          { path: 'forgotpassword', element: <PlaceholderScreen title="Forgot Password" /> },
          { path: 'resetpassword', element: <PlaceholderScreen title="Reset Password" /> },
          { path: 'profile', element: <PlaceholderScreen title="User Profile" /> },
          { path: 'shipping', element: <PlaceholderScreen title="Shipping" /> },
          { path: 'payment', element: <PlaceholderScreen title="Payment Method" /> },
          { path: 'placeorder', element: <PlaceholderScreen title="Place Order" /> },
          { path: 'order/:id', element: <PlaceholderScreen title="Order" /> },
          // Admin screens load on first visit, keeping them out of every shopper's first load.
          {
            path: 'admin/productlist/:pageNumber?',
            lazy: () =>
              import('../features/admin/ProductListScreen.tsx').then((module) => ({
                Component: module.ProductListScreen,
              })),
          },
          {
            path: 'admin/product/:id/edit',
            lazy: () =>
              import('../features/admin/ProductEditScreen.tsx').then((module) => ({
                Component: module.ProductEditScreen,
              })),
          },
          {
            path: 'admin/userlist',
            lazy: () =>
              import('../features/admin/UserListScreen.tsx').then((module) => ({
                Component: module.UserListScreen,
              })),
          },
          {
            path: 'admin/user/:id/edit',
            lazy: () =>
              import('../features/admin/UserEditScreen.tsx').then((module) => ({
                Component: module.UserEditScreen,
              })),
          },
          {
            path: 'admin/orderlist',
            lazy: () =>
              import('../features/admin/OrderListScreen.tsx').then((module) => ({
                Component: module.OrderListScreen,
              })),
          },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
]);
