// The screens `npm run screenshots` takes, in the order of the router (apps/web/src/app/router.tsx):
// each with the file name it is saved under and who opens it. Ids are real ones the shop answered.
// The checkout screens (cart, shipping, payment, place order, the order placed) are taken along
// the way of an order, in screenshots.mjs, since each needs the step before it.

/** The screens two sizes apart: the desktop and the phone the issue names (#24). */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * @param {{ product: { _id: string, name: string }, category: { _id: string, slug: string },
 *   brand: { _id: string, slug: string }, customerId: string, discountId: string | undefined,
 *   draftId: string }} ids
 * @returns {Array<{ name: string, path: string, as: 'public' | 'customer' | 'admin' }>}
 */
export function screenRoutes({ product, category, brand, customerId, discountId, draftId }) {
  const keyword = encodeURIComponent(product.name.split(/\s+/)[0] ?? 'a');
  const routes = [
    ['home', '/', 'public'],
    ['home-page-2', '/page/2', 'public'],
    ['search', `/search/${keyword}`, 'public'],
    ['search-page-2', `/search/${keyword}/page/2`, 'public'],
    ['category', `/category/${category.slug}`, 'public'],
    ['category-page-2', `/category/${category.slug}/page/2`, 'public'],
    ['brand', `/brand/${brand.slug}`, 'public'],
    ['brand-page-2', `/brand/${brand.slug}/page/2`, 'public'],
    ['product', `/product/${product._id}`, 'public'],
    ['cart-empty', '/cart', 'public'],
    ['login', '/login', 'public'],
    ['register', '/register', 'public'],
    ['confirm-email', `/confirm-email/${'x'.repeat(43)}`, 'public'],
    ['forgotpassword', '/forgotpassword', 'public'],
    ['resetpassword', '/resetpassword', 'public'],
    ['not-found', '/no-such-page', 'public'],
    ['wishlist', '/wishlist', 'customer'],
    ['profile', '/profile', 'customer'],
    ['admin', '/admin', 'admin'],
    ['admin-dashboard', '/admin/dashboard', 'admin'],
    ['admin-productlist', '/admin/productlist', 'admin'],
    ['admin-product-edit', `/admin/product/${product._id}/edit`, 'admin'],
    ['admin-product-draft', `/admin/product/${draftId}/edit`, 'admin'],
    ['admin-products-import', '/admin/products/import', 'admin'],
    ['admin-categories', '/admin/categories', 'admin'],
    ['admin-brands', '/admin/brands', 'admin'],
    ['admin-category-edit', `/admin/category/${category._id}/edit`, 'admin'],
    ['admin-brand-edit', `/admin/brand/${brand._id}/edit`, 'admin'],
    ['admin-userlist', '/admin/userlist', 'admin'],
    ['admin-user-edit', `/admin/user/${customerId}/edit`, 'admin'],
    ['admin-discounts', '/admin/discounts', 'admin'],
    ['admin-discount-new', '/admin/discounts/new', 'admin'],
    ...(discountId ? [['admin-discount-edit', `/admin/discount/${discountId}/edit`, 'admin']] : []),
    ['admin-orderlist', '/admin/orderlist', 'admin'],
    ['admin-settings-shipping', '/admin/settings/shipping', 'admin'],
  ];
  return routes.map(([name, path, as]) => ({ name, path, as }));
}
