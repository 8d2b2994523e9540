import type { ProductFacets } from '@proshop/domain/product-schemas';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema.ts';
import {
  ratingCondition,
  variantConditions,
  type CatalogueFilters,
  type FilterConditions,
} from './catalogue-filters.ts';

type OptionFacet = ProductFacets['options'][number];

/** How many products offer one value, among those whose option lists are `defined`. */
interface OptionValueRow {
  name: string;
  value: string;
  /** How many products offer the value (with every other filter kept). */
  count: number;
  /** The value's place (1 first) in their list of values (null if it is not listed). */
  place: number | null;
}

/**
 * The option facets (Size: S 4, M 6...): for each value of an option, how many products would be
 * listed if that option's selection were this value alone, every other filter kept. A product
 * counts when one of its variants on offer has the value and meets the other filters itself
 * (price, stock, the other options' values), as the list's filter asks of one variant
 * (catalogue-filters.ts). One statement: each option's own selection is left out per row, by
 * the name of the option the row counts. Counted per product first, then per list of option
 * values the products define (many products share one, such as S, M, L), so that the value's
 * place in the list is looked up once per list.
 */
export function optionValuesQuery(
  search: SQL | undefined,
  filters: CatalogueFilters,
  conditions: FilterConditions,
): SQL {
  const { minPrice, maxPrice, inStock } = filters;
  const chosen = Object.entries(filters.options ?? {}).filter(([, values]) => values.length > 0);
  // Every chosen option but the one a row counts: `choice.name` is the option the row counts.
  const otherOptions = chosen.map(
    ([name, values]) =>
      sql`(choice.name = ${name} or ${productVariants.options} ->> ${name} = any(${sql.param(values)}::text[]))`,
  );
  const where = and(
    // The implicit variants of products without options choose nothing: left out first.
    sql`${productVariants.options} <> '{}'::jsonb`,
    search,
    conditions.category,
    conditions.brand,
    ratingCondition(filters),
    ...variantConditions({ minPrice, maxPrice, inStock }),
    ...otherOptions,
  );
  // `limit 3` (a variant chooses at most MAX_OPTIONS values) also tells the planner so: taking
  // jsonb_each_text's default of 100 rows a call, it would think the query costly enough to
  // compile (jit), which takes longer than the query.
  return sql`
    select per_list.name, per_list.value, per_list.products::int as "count",
      (select place.ordinality::int
         from jsonb_array_elements(per_list.defined) as defined(option)
         cross join lateral jsonb_array_elements_text(defined.option -> 'values')
           with ordinality as place(value, ordinality)
        where defined.option ->> 'name' = per_list.name and place.value = per_list.value
        limit 1) as "place"
    from (
      select offered.defined, offered.name, offered.value, count(*) as products
      from (
        select ${products.id}, ${products.options} as defined, choice.name, choice.value
        from ${productVariants}
        join ${products} on ${products.id} = ${productVariants.productId}
        cross join lateral (
          select key as name, value from jsonb_each_text(${productVariants.options}) limit 3
        ) as choice
        where ${where}
        group by ${products.id}, choice.name, choice.value
      ) as offered
      group by offered.defined, offered.name, offered.value
    ) as per_list`;
}

/** A value's count over every list, and its places summed (and how many were found). */
interface ValueCount {
  name: string;
  value: string;
  count: number;
  placeSum: number;
  placed: number;
}

async function countOptionValues(
  db: Database,
  search: SQL | undefined,
  filters: CatalogueFilters,
  conditions: FilterConditions,
): Promise<ValueCount[]> {
  const result: unknown = await db.execute(optionValuesQuery(search, filters, conditions));
  // Both drivers answer `{ rows }`; Drizzle types the raw result per driver.
  const rows = (result as { rows: OptionValueRow[] }).rows;
  const counts = new Map<string, ValueCount>();
  for (const row of rows) {
    const key = JSON.stringify([row.name, row.value]);
    const total = counts.get(key) ?? {
      name: row.name,
      value: row.value,
      count: 0,
      placeSum: 0,
      placed: 0,
    };
    total.count += row.count;
    if (row.place !== null) {
      total.placeSum += row.place * row.count;
      total.placed += row.count;
    }
    counts.set(key, total);
  }
  return [...counts.values()];
}

/** A value's average place in the products' lists of values, compared without rounding. */
function byPlace(a: ValueCount, b: ValueCount): number {
  if (a.placed === 0 || b.placed === 0) return b.placed - a.placed;
  return a.placeSum * b.placed - b.placeSum * a.placed;
}

const byValue = (a: { value: string }, b: { value: string }) =>
  a.value.localeCompare(b.value, undefined, { numeric: true }) ||
  (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/**
 * The option facets, options by name. Values come in the order the products list them (S, M, L
 * rather than L, M, S): by their average place in the lists of the products counted, then by
 * value. A chosen value nothing offers is listed last with 0, so that it can be unchosen.
 */
export async function findOptionFacets(
  db: Database,
  search: SQL | undefined,
  filters: CatalogueFilters,
  conditions: FilterConditions,
): Promise<OptionFacet[]> {
  const rows = await countOptionValues(db, search, filters, conditions);
  const byName = new Map<string, ValueCount[]>();
  for (const row of rows) {
    if (row.count > 0) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  }
  const facets: OptionFacet[] = [];
  const names = new Set([...byName.keys(), ...Object.keys(filters.options ?? {})]);
  for (const name of names) {
    const counted = (byName.get(name) ?? []).sort((a, b) => byPlace(a, b) || byValue(a, b));
    const left = (filters.options?.[name] ?? [])
      .filter((value) => !counted.some((row) => row.value === value))
      .map((value) => ({ value, count: 0 }))
      .sort(byValue);
    const values = [...counted.map(({ value, count }) => ({ value, count })), ...left];
    if (values.length > 0) facets.push({ name, values });
  }
  return facets.sort(
    (a, b) => a.name.localeCompare(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}
