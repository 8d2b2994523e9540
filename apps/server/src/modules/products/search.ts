import { and, like, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from '../../db/like-pattern.ts';
import { products } from '../../db/schema/products.ts';

/** More words than this in one keyword are ignored: each one is a condition of the query. */
const MAX_SEARCH_TERMS = 8;

/** The distinct whitespace-separated words of a keyword, in order, at most MAX_SEARCH_TERMS. */
export function searchTerms(keyword: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  // Control characters (NUL cannot even be sent to PostgreSQL) and lone surrogates separate words.
  const cleaned = keyword.replace(/[\p{Cc}\p{Cs}]/gu, ' ');
  for (const term of cleaned.trim().split(/\s+/u)) {
    const key = term.toLowerCase();
    if (!term || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    if (terms.length === MAX_SEARCH_TERMS) break;
  }
  return terms;
}

export interface ProductSearch {
  /** Every word somewhere in the product (the trigram index on search_text serves it). */
  where: SQL;
  /**
   * The ranks as conditions, best first: 0 the name holds the keyword, 1 the name holds every
   * word, 2 the brand or the category holds the keyword, 3 anything else. A match meets exactly
   * one of them.
   */
  ranks: [SQL, SQL, SQL, SQL];
  /** A match of rank 0, 1 or 2: its name, brand or category matches (served by their indexes). */
  ranked: SQL;
  /** The rank as a number (0 best), for ordering the matches in one query. */
  rank: SQL;
  /**
   * Whether a word has 3 letters or digits in a row, so that trigram indexes can find the
   * matches; without one every search reads the whole table.
   */
  indexed: boolean;
}

/**
 * Every word of the keyword must appear, in any case, in the name, brand, category or
 * description (the generated, lower-cased `search_text` column, which a trigram index serves).
 * Best matches come first: see docs/decisions/0004-product-search.md.
 */
export function productSearch(keyword: string): ProductSearch | undefined {
  const terms = searchTerms(keyword);
  if (terms.length === 0) return undefined;
  // The search columns are stored lower-cased: lowering the pattern the same way makes LIKE an
  // ILIKE without lower-casing every row again.
  const contains = (column: AnyPgColumn, text: string) =>
    like(column, sql`lower(${containsPattern(text)})`);
  const phrase = terms.join(' ');
  const where = and(...terms.map((term) => contains(products.searchText, term)))!;
  const nameHasPhrase = contains(products.searchName, phrase);
  const nameHasEveryTerm = and(...terms.map((term) => contains(products.searchName, term)))!;
  const brandOrCategoryHasPhrase = contains(products.searchBrandCategory, phrase);
  const ranks: ProductSearch['ranks'] = [
    nameHasPhrase,
    and(nameHasEveryTerm, not(nameHasPhrase))!,
    and(brandOrCategoryHasPhrase, not(nameHasEveryTerm))!,
    and(not(nameHasEveryTerm), not(brandOrCategoryHasPhrase))!,
  ];
  const rank = sql`case
    when ${nameHasPhrase} then 0
    when ${nameHasEveryTerm} then 1
    when ${brandOrCategoryHasPhrase} then 2
    else 3 end`;
  return {
    where,
    ranks,
    ranked: or(nameHasEveryTerm, brandOrCategoryHasPhrase)!,
    rank,
    indexed: terms.some((term) => /[\p{L}\p{N}]{3}/u.test(term)),
  };
}
