import { describe, expect, it } from 'vitest';
import { routerPaths } from './router-paths.mjs';
import { screenRoutes } from './screenshot-routes.mjs';

/** A router path as a pattern of the addresses it answers. */
function pattern(path) {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? (segment.endsWith('?') ? '[^/]*' : '[^/]+') : segment,
    )
    .join('/')
    .replace(/\/\[\^\/\]\*/g, '(/[^/]+)?');
  return new RegExp(`^${source}$`);
}

// The checkout's screens, taken along the way of an order in screenshots.mjs.
// Screens reached on the way (the checkout's walk), and /admin/settings, which only redirects to
// its one page so far (/admin/settings/shipping).
const walked = ['/cart/p1', '/shipping', '/payment', '/placeorder', '/order/o1', '/admin/settings'];

describe('the screens npm run screenshots takes', () => {
  it('cover every route of the router', () => {
    const taken = [
      ...screenRoutes({
        product: { _id: 'p1', name: 'Lamp' },
        category: { _id: 'c1', slug: 'lamps' },
        brand: { _id: 'b1', slug: 'acme' },
        customerId: 'u1',
        discountId: 'd1',
        draftId: 'p2',
      }).map((route) => route.path),
      ...walked,
    ];
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(25);
    const missing = paths.filter((path) => !taken.some((url) => pattern(path).test(url)));
    expect(missing).toEqual([]);
  });

  it('name each file once', () => {
    const names = screenRoutes({
      product: { _id: 'p1', name: 'Lamp' },
      category: { _id: 'c1', slug: 'lamps' },
      brand: { _id: 'b1', slug: 'acme' },
      customerId: 'u1',
      discountId: 'd1',
    }).map((route) => route.name);
    expect(
      new Set([
        ...names,
        'cart',
        'shipping',
        'payment',
        'placeorder',
        'order-placed',
        'admin-order',
      ]).size,
    ).toBe(names.length + 6);
  });
});
