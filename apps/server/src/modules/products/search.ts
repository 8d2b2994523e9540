import { and, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema.ts';

/** More words than this in one keyword are ignored: each one is a condition of the query. */
const MAX_SEARCH_TERMS = 8;

/** Escapes LIKE wildcards so that a keyword such as `50%_off\` is matched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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
  where: SQL;
  /** Lower is better: 0 name holds the keyword, 1 name holds every word, 2 brand or category. */
  rank: SQL;
}

/**
 * Every word of the keyword must appear, in any case, in the name, brand, category or
 * description (the generated, lower-cased `search_text` column, which a trigram index serves).
 * Best matches come first: see docs/decisions/0004-product-search.md.
 */
export function productSearch(keyword: string): ProductSearch | undefined {
  const terms = searchTerms(keyword);
  if (terms.length === 0) return undefined;
  const phrase = likePattern(terms.join(' '));
  // search_text is stored lower-cased: lowering the pattern the same way makes LIKE an ILIKE.
  const where = and(
    ...terms.map((term) => like(products.searchText, sql`lower(${likePattern(term)})`)),
  )!;
  const nameHasEveryTerm = and(...terms.map((term) => ilike(products.name, likePattern(term))))!;
  const rank = sql`case
    when ${ilike(products.name, phrase)} then 0
    when ${nameHasEveryTerm} then 1
    when ${or(ilike(products.brand, phrase), ilike(products.category, phrase))} then 2
    else 3 end`;
  return { where, rank };
}
