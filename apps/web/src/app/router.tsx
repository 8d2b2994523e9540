import { createBrowserRouter } from 'react-router';
import { Loader } from '../components/Loader.tsx';
import { HomeScreen } from '../features/products/HomeScreen.tsx';
import { prefetchProductDetails } from '../features/products/products-api.ts';
import { adminRoutes } from './admin/admin-routes.tsx';
import { Layout } from './layout/Layout.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { store } from './store.ts';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        // A screen that fails shows its error inside the layout; header and cart stay usable.
        errorElement: <RouteErrorScreen />,
        // Opened at a screen whose code is still loading, the page shows the header, a spinner
        // and the footer at once instead of staying blank until it arrives.
        hydrateFallbackElement: <Loader />,
        children: [
          { index: true, element: <HomeScreen /> },
          { path: 'search/:keyword', element: <HomeScreen /> },
          { path: 'page/:pageNumber', element: <HomeScreen /> },
          { path: 'search/:keyword/page/:pageNumber', element: <HomeScreen /> },
          // Only the home page is in the first-load script (at most 100 KB, budget in
          // scripts/lib/first-load.mjs); every other screen is loaded on first visit.
          // A category's or brand's pages: /category/{slug}, /category/{slug}/page/{n}.
          ...['category/:slug', 'category/:slug/page/:pageNumber'].map((path) => ({
            path,
            lazy: () =>
              import('../features/products/CategoryScreen.tsx').then((module) => ({
                Component: module.CategoryScreen,
              })),
          })),
          ...['brand/:slug', 'brand/:slug/page/:pageNumber'].map((path) => ({
            path,
            lazy: () =>
              import('../features/products/BrandScreen.tsx').then((module) => ({
                Component: module.BrandScreen,
              })),
          })),
          {
            path: 'product/:id',
            // The product is asked for while the screen's code loads, not after it: its
            // picture, the largest thing on the page, arrives one round trip sooner.
            loader: ({ params }) => {
              if (params.id) store.dispatch(prefetchProductDetails(params.id));
              return null;
            },
            lazy: () =>
              import('../features/products/ProductScreen.tsx').then((module) => ({
                Component: module.ProductScreen,
              })),
          },
          {
            path: 'cart/:id?',
            lazy: () =>
              import('../features/cart/CartScreen.tsx').then((module) => ({
                Component: module.CartScreen,
              })),
          },
          {
            path: 'login',
            lazy: () =>
              import('../features/users/LoginScreen.tsx').then((module) => ({
                Component: module.LoginScreen,
              })),
          },
          {
            path: 'register',
            lazy: () =>
              import('../features/users/RegisterScreen.tsx').then((module) => ({
                Component: module.RegisterScreen,
              })),
          },
          {
            path: 'confirm-email/:token',
            lazy: () =>
              import('../features/users/ConfirmEmailScreen.tsx').then((module) => ({
                Component: module.ConfirmEmailScreen,
              })),
          },
          {
            path: 'forgotpassword',
            lazy: () =>
              import('../features/users/ForgotPasswordScreen.tsx').then((module) => ({
                Component: module.ForgotPasswordScreen,
              })),
          },
          {
            // Loaded on first visit: it reads the reset-code rules from the domain package.
            path: 'resetpassword',
            lazy: () =>
              import('../features/users/ResetPasswordScreen.tsx').then((module) => ({
                Component: module.ResetPasswordScreen,
              })),
          },
          {
            path: 'wishlist',
            lazy: () =>
              import('../features/wishlist/WishlistScreen.tsx').then((module) => ({
                Component: module.WishlistScreen,
              })),
          },
          {
            path: 'profile',
            lazy: () =>
              import('./ProfilePage.tsx').then((module) => ({ Component: module.ProfilePage })),
          },
          // Checkout loads on first visit: its forms use the domain's schemas (full zod).
          {
            path: 'shipping',
            lazy: () =>
              import('../features/checkout/ShippingScreen.tsx').then((module) => ({
                Component: module.ShippingScreen,
              })),
          },
          {
            path: 'payment',
            lazy: () =>
              import('../features/checkout/PaymentScreen.tsx').then((module) => ({
                Component: module.PaymentScreen,
              })),
          },
          {
            path: 'placeorder',
            lazy: () =>
              import('../features/checkout/PlaceOrderScreen.tsx').then((module) => ({
                Component: module.PlaceOrderScreen,
              })),
          },
          {
            // Loaded on first visit, and PayPal's script only from there: no shopper downloads
            // the payment code before opening an order.
            path: 'order/:id',
            lazy: () =>
              import('../features/orders/OrderScreen.tsx').then((module) => ({
                Component: module.OrderScreen,
              })),
          },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
  {
    // Every /admin route in the admin's own shell (side navigation, drawer on a phone), loaded
    // with the first admin screen: no shopper downloads it.
    path: 'admin',
    lazy: () =>
      import('./admin/AdminLayout.tsx').then((module) => ({ Component: module.AdminLayout })),
    children: [
      {
        errorElement: <RouteErrorScreen />,
        hydrateFallbackElement: <Loader />,
        children: adminRoutes,
      },
    ],
  },
]);
