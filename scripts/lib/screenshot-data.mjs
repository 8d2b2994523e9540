/* global fetch -- Node 20 has fetch built in. */
// What `npm run screenshots` asks the shop it started for, through the API: the demo accounts'
// sessions and real ids for the routes that take one (a product, category, brand, customer,
// discount), plus a wishlist line so that screen is not empty.

/** The demo accounts (README, Getting started): the administrator and a customer. */
export const DEMO_ADMIN = 'admin@example.com';
export const DEMO_CUSTOMER = 'john@example.com';

async function call(base, path, { session, method = 'GET', body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

/** Signs in as `email`: the session the sign-in screen would keep (localStorage `userInfo`). */
export async function signIn(base, email, password) {
  const { _id, name, isAdmin, token } = await call(base, '/api/users/login', {
    method: 'POST',
    body: { email, password },
  });
  return { _id, name, email, isAdmin, token };
}

/**
 * The ids the screens need: a product without options that is in stock (the checkout walks
 * through it), its category and brand, the demo customer, a discount (one is made if the
 * shop has none), and a new draft product.
 */
export async function screenIds(base, { admin, customer }) {
  const { products } = await call(base, '/api/products');
  const product =
    products.find((item) => item.variantCount === 1 && item.countInStock > 0) ?? products[0];
  if (!product) throw new Error('The shop has no products: was the demo catalogue seeded?');
  const categories = await call(base, '/api/categories');
  const brands = await call(base, '/api/brands');
  const category = categories.find((item) => item.slug === product.categorySlug) ?? categories[0];
  const brand = brands.find((item) => item.slug === product.brandSlug) ?? brands[0];
  let [discount] = await call(base, '/api/discounts', { session: admin });
  discount ??= await call(base, '/api/discounts', {
    session: admin,
    method: 'POST',
    body: { code: 'WELCOME10', kind: 'percentage', value: 10 },
  });
  await call(base, '/api/wishlist', {
    session: customer,
    method: 'POST',
    body: { product: product._id },
  });
  // What Create Product opens: a draft no shopper sees (issue #36).
  const draft = await call(base, '/api/products', { session: admin, method: 'POST' });
  return {
    product,
    category,
    brand,
    customerId: customer._id,
    discountId: discount?._id,
    draftId: draft._id,
  };
}
