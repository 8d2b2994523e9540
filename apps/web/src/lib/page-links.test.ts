import { describe, expect, it } from 'vitest';
import { GAP, pageLinks } from './page-links.ts';

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
