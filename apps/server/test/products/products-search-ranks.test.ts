import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageRows } from '../../src/modules/products/repository.ts';
import {
  findSearchPage,
  rankSlices,
  walksIndex,
  type RankSlice,
} from '../../src/modules/products/search-page.ts';
import { productSearch } from '../../src/modules/products/search.ts';
import { createProduct } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('rankSlices', () => {
  it('gives the part of each rank a page covers', () => {
    expect(rankSlices([3, 0, 2, 10], 0, 8)).toEqual([
      { rank: 0, offset: 0, limit: 3, size: 3 },
      { rank: 2, offset: 0, limit: 2, size: 2 },
      { rank: 3, offset: 0, limit: 3, size: 10 },
    ]);
    expect(rankSlices([3, 0, 2, 10], 8, 8)).toEqual([{ rank: 3, offset: 3, limit: 7, size: 10 }]);
    expect(rankSlices([3, 0, 2, 10], 16, 8)).toEqual([]);
    expect(rankSlices([0, 0, 0, 0], 0, 8)).toEqual([]);
  });
});

describe('walksIndex', () => {
  const slice = (offset: number, size: number): RankSlice => ({ rank: 3, offset, limit: 8, size });
  it('walks the dates when the rank is a large part of the table and the page is early', () => {
    expect(walksIndex(slice(0, 30_000), 50_000)).toBe(true);
    expect(walksIndex(slice(8_000, 30_000), 50_000)).toBe(true);
  });
  it('sorts a small rank, and a page deep into a large one', () => {
    expect(walksIndex(slice(0, 30), 50_000)).toBe(false);
    expect(walksIndex(slice(29_992, 30_000), 50_000)).toBe(false);
  });
});

// The pages read rank by rank must be exactly the pages of the whole ranked list, whichever way
// each slice is read.
describe('search pages read rank by rank', () => {
  let t: TestApp;
  const words = ['walnut', 'desk', 'lamp', 'oak'];
  beforeAll(async () => {
    t = await createTestApp();
    // Every mix of the words over name, brand, category and description; dates repeat, so that
    // equal dates are ordered by id.
    for (let i = 0; i < 96; i++) {
      const word = (shift: number) => words[(i >> shift) % words.length]!;
      await createProduct(t.database.db, {
        name: i % 3 === 0 ? `${word(0)} ${word(2)} ${i}` : `Item ${i} ${word(4)}`,
        brand: i % 5 === 0 ? `${word(1)}line` : 'Plain',
        category: i % 7 === 0 ? `${word(3)} ${word(0)}` : 'Misc',
        description: i % 2 === 0 ? `Made of ${word(1)} for a ${word(3)}.` : 'Nothing to say.',
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 13))),
      });
    }
  });
  afterAll(() => t.close());

  const ways: Record<string, (slice: RankSlice, tableRows: number) => boolean> = {
    chosen: walksIndex,
    walked: () => true,
    sorted: () => false,
  };

  for (const keyword of [
    'walnut',
    'desk',
    'oak',
    'walnut desk',
    'desk walnut',
    'lamp oak',
    'line',
  ]) {
    it(`pages "${keyword}" as the whole ranked list does`, async () => {
      const search = productSearch(keyword)!;
      const all = await productPageRows(t.database.db, { search, offset: 0, limit: 1_000 });
      const expected = all.map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      for (const [way, walk] of Object.entries(ways)) {
        for (let offset = 0; offset <= expected.length; offset += 8) {
          const page = await findSearchPage(t.database.db, search, { offset, limit: 8 }, walk);
          expect(page.total, `${way}, offset ${offset}`).toBe(expected.length);
          expect(
            page.rows.map((row) => row.id),
            `${way}, offset ${offset}`,
          ).toEqual(expected.slice(offset, offset + 8));
        }
      }
    });
  }
});
