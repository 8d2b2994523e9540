import { and, asc, count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { newestProductsFirst, productColumns, type ProductRow } from './product-mapper.ts';
import type { ProductSearch } from './search.ts';

/*
 * A page of search results without ranking every match (docs/decisions/0004-product-search.md).
 * Ranking in one query makes PostgreSQL read and rank every match before it can hand out the best
 * eight: 60 ms for a word in 30,000 of 50,000 products. Instead the matches are counted per rank,
 * and the page is read from the one or two ranks it falls in. Within a rank the order is newest
 * first, which products_created_at_idx gives without sorting when the rank holds many products.
 */

/** The part of one rank that a page shows. */
export interface RankSlice {
  rank: number;
  /** How many products of this rank come before the page, and how many the page shows. */
  offset: number;
  limit: number;
  /** How many products the rank holds. */
  size: number;
}

/** The ranks a page of the ranked list falls in, given how many matches each rank holds. */
export function rankSlices(sizes: readonly number[], offset: number, limit: number): RankSlice[] {
  const slices: RankSlice[] = [];
  let start = 0;
  for (const [rank, size] of sizes.entries()) {
    const from = Math.max(offset, start);
    const to = Math.min(offset + limit, start + size);
    if (from < to) slices.push({ rank, offset: from - start, limit: to - from, size });
    start += size;
  }
  return slices;
}

/**
 * Whether to read a slice by walking products_created_at_idx until the page is full, rather than
 * finding every product of the rank through the trigram indexes and sorting them. The walk reads
 * about (offset + limit) × products / size rows, the sort about size: whichever is fewer.
 */
export function walksIndex(slice: RankSlice, tableRows: number): boolean {
  return (slice.offset + slice.limit) * tableRows < slice.size * slice.size;
}

interface RankCounts {
  /** How many products each rank holds, best first. */
  sizes: number[];
  total: number;
  /** About how many products there are (PostgreSQL's estimate, at least `total`). */
  tableRows: number;
}

/** Counts the matches, and those of ranks 0 to 2 through the name and brand-category indexes. */
async function countByRank(db: Database, search: ProductSearch): Promise<RankCounts> {
  const countWhere = (condition: SQL) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [[all], [named]] = await Promise.all([
    db
      .select({
        total: count(),
        // -1 until the table was first analysed.
        estimate: sql<number>`(select reltuples from pg_class
          where oid = to_regclass(${getTableName(products)}))`.mapWith(Number),
      })
      .from(products)
      .where(search.where),
    db
      .select({
        rank0: countWhere(search.ranks[0]),
        rank1: countWhere(search.ranks[1]),
        rank2: countWhere(search.ranks[2]),
      })
      .from(products)
      .where(and(search.where, search.ranked)),
  ]);
  const total = all?.total ?? 0;
  const head = [named?.rank0 ?? 0, named?.rank1 ?? 0, named?.rank2 ?? 0];
  // The two counts are separate reads: a product added in between must not make a rank negative.
  const rest = Math.max(0, total - head.reduce((sum, size) => sum + size, 0));
  return { sizes: [...head, rest], total, tableRows: Math.max(all?.estimate ?? 0, total) };
}

/**
 * The products of one slice, newest first. Not awaited here, so that a test can read the plan of
 * exactly this query.
 */
export function rankSliceRows(
  db: Database,
  search: ProductSearch,
  slice: RankSlice,
  walk: boolean,
) {
  const rank = search.ranks[slice.rank];
  // and() would drop a missing condition and answer every match.
  if (!rank) throw new Error(`No search rank ${slice.rank}`);
  return (
    db
      .select(productColumns)
      .from(products)
      .where(and(search.where, rank))
      // Sorting: the rank comes first (the same for every row here), an order no index gives, so
      // PostgreSQL finds the rows through the trigram indexes instead of walking the dates.
      .orderBy(...(walk ? newestProductsFirst : [asc(search.rank), ...newestProductsFirst]))
      .limit(slice.limit)
      .offset(slice.offset)
  );
}

/**
 * One page of the ranked matches of a search, and how many match in all. `walk` chooses how each
 * slice is read (a test makes both ways read the same catalogue).
 */
export async function findSearchPage(
  db: Database,
  search: ProductSearch,
  page: { offset: number; limit: number },
  walk: (slice: RankSlice, tableRows: number) => boolean = walksIndex,
): Promise<{ rows: ProductRow[]; total: number }> {
  const { sizes, total, tableRows } = await countByRank(db, search);
  const slices = rankSlices(sizes, page.offset, page.limit);
  const parts = await Promise.all(
    slices.map((slice) => rankSliceRows(db, search, slice, walk(slice, tableRows))),
  );
  return { rows: parts.flat(), total };
}
