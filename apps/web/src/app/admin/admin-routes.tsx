import { Navigate, type RouteObject } from 'react-router';
import { NotFoundScreen } from '../NotFoundScreen.tsx';

/**
 * The admin's screens, under /admin and inside its shell (AdminLayout, router.tsx). Each loads on
 * first visit, keeping them out of every shopper's first load.
 */
export const adminRoutes: RouteObject[] = [
  // /admin and /admin/dashboard. uPlot, its chart library, is loaded by the chart
  // itself, after the figures.
  ...[{ index: true }, { path: 'dashboard' }].map((route) => ({
    ...route,
    lazy: () =>
      import('../../features/dashboard/DashboardScreen.tsx').then((module) => ({
        Component: module.DashboardScreen,
      })),
  })),
  {
    path: 'productlist/:pageNumber?',
    lazy: () =>
      import('../../features/admin/ProductListScreen.tsx').then((module) => ({
        Component: module.ProductListScreen,
      })),
  },
  {
    path: 'product/:id/edit',
    lazy: () =>
      import('../../features/admin/ProductEditScreen.tsx').then((module) => ({
        Component: module.ProductEditScreen,
      })),
  },
  {
    path: 'products/import',
    lazy: () =>
      import('../../features/admin/ProductImportScreen.tsx').then((module) => ({
        Component: module.ProductImportScreen,
      })),
  },
  ...(
    [
      ['categories', 'CategoryListScreen'],
      ['brands', 'BrandListScreen'],
    ] as const
  ).map(([path, screen]) => ({
    path,
    lazy: () =>
      import('../../features/admin/TaxonomyListScreen.tsx').then((module) => ({
        Component: module[screen],
      })),
  })),
  ...(
    [
      ['category/:id/edit', 'CategoryEditScreen'],
      ['brand/:id/edit', 'BrandEditScreen'],
    ] as const
  ).map(([path, screen]) => ({
    path,
    lazy: () =>
      import('../../features/admin/TaxonomyEditScreen.tsx').then((module) => ({
        Component: module[screen],
      })),
  })),
  {
    path: 'userlist',
    lazy: () =>
      import('../../features/admin/UserListScreen.tsx').then((module) => ({
        Component: module.UserListScreen,
      })),
  },
  {
    path: 'user/:id/edit',
    lazy: () =>
      import('../../features/admin/UserEditScreen.tsx').then((module) => ({
        Component: module.UserEditScreen,
      })),
  },
  {
    path: 'discounts',
    lazy: () =>
      import('../../features/admin/DiscountListScreen.tsx').then((module) => ({
        Component: module.DiscountListScreen,
      })),
  },
  ...(
    [
      ['discounts/new', 'DiscountCreateScreen'],
      ['discount/:id/edit', 'DiscountEditScreen'],
    ] as const
  ).map(([path, screen]) => ({
    path,
    lazy: () =>
      import('../../features/admin/DiscountEditScreen.tsx').then((module) => ({
        Component: module[screen],
      })),
  })),
  {
    path: 'orderlist/:pageNumber?',
    lazy: () =>
      import('../../features/admin/OrderListScreen.tsx').then((module) => ({
        Component: module.OrderListScreen,
      })),
  },
  // Settings has one page so far: shipping and tax (issue #38).
  { path: 'settings', element: <Navigate to="/admin/settings/shipping" replace /> },
  {
    path: 'settings/shipping',
    lazy: () =>
      import('../../features/admin/ShippingSettingsScreen.tsx').then((module) => ({
        Component: module.ShippingSettingsScreen,
      })),
  },
  { path: '*', element: <NotFoundScreen /> },
];
