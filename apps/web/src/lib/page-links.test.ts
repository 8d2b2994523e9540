import { describe, expect, it } from 'vitest';
import { GAP, pageHref, pageLinks } from './page-links.ts';

describe('pageLinks', () => {
  it('links every page while there are at most 9', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(9, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('links the first, the last and the current page with two on each side', () => {
    expect(pageLinks(25_000, 12_500)).toEqual([
      1,
      GAP,
      12_498,
      12_499,
      12_500,
      12_501,
      12_502,
      GAP,
      25_000,
    ]);
  });

  it('keeps as many links near either end, without a gap that hides nothing', () => {
    expect(pageLinks(100, 1)).toEqual([1, 2, 3, 4, 5, 6, GAP, 100]);
    expect(pageLinks(100, 4)).toEqual([1, 2, 3, 4, 5, 6, GAP, 100]);
    expect(pageLinks(100, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, GAP, 100]);
    expect(pageLinks(100, 96)).toEqual([1, GAP, 94, 95, 96, 97, 98, 99, 100]);
    expect(pageLinks(100, 100)).toEqual([1, GAP, 95, 96, 97, 98, 99, 100]);
  });

  it('links the last pages from a page past the last', () => {
    expect(pageLinks(10, 12)).toEqual([1, GAP, 5, 6, 7, 8, 9, 10]);
  });
});

describe('pageHref', () => {
  it("goes to an admin list's page with its filter", () => {
    expect(pageHref(3, { adminList: '/admin/orderlist', search: '?status=paid' })).toBe(
      '/admin/orderlist/3?status=paid',
    );
  });

  it("goes to a storefront list's page and keeps every filter and the sort", () => {
    expect(pageHref(2, {})).toBe('/page/2');
    expect(pageHref(2, { listPath: '/search/lamp' })).toBe('/search/lamp/page/2');
    expect(
      pageHref(2, {
        listPath: '/category/phones',
        search: '?brand=apple,samsung&minPrice=10&maxPrice=50&inStock=1&sort=price-asc',
      }),
    ).toBe(
      '/category/phones/page/2?brand=apple,samsung&minPrice=10&maxPrice=50&inStock=1&sort=price-asc',
    );
  });
});
