import type { ProductFacets } from '@proshop/domain/product-schemas';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import {
  offers,
  ratingCondition,
  selectedOptions,
  summaryConditions,
  type CatalogueFilters,
  type FilterConditions,
} from './catalogue-filters.ts';
import { OPTION_VALUE_SEPARATOR } from './variant-summary.ts';

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
 * The option facets (Size: S 4, M 6...): for each value of an option, how many products offer it
 * (on a variant switched on) among those listed with every filter but that option's own
 * selection. Read from the products' summary alone (`option_values`, variant-summary.ts), not
 * from their variants: the value need not be on the very variant that meets the other filters
 * (docs/decisions/0019). One statement: each product is tested once for each set of filters (all
 * of them, then all but each chosen option's), and a value counts the products of its option's
 * set. Counted per list of option values on offer and of options defined first (many products
 * share them, such as S, M, L), then per value, so that the value's place in the list is looked
 * up once per list.
 */
export function optionValuesQuery(
  search: SQL | undefined,
  filters: CatalogueFilters,
  conditions: FilterConditions,
): SQL {
  const { minPrice, maxPrice, inStock, options } = filters;
  const chosen = selectedOptions(options).map(([name]) => name);
  const variantFilter = { minPrice, maxPrice, inStock };
  // Set 0 keeps every filter (the options not chosen count in it); set i + 1 leaves out the
  // selection of chosen[i].
  const sets = [
    offers({ ...variantFilter, options }),
    ...chosen.map((name) =>
      offers({
        ...variantFilter,
        options: Object.fromEntries(selectedOptions(options).filter(([other]) => other !== name)),
      }),
    ),
  ];
  const setColumn = (index: number) => sql.identifier(`in_set_${index}`);
  const countColumn = (index: number) => sql.identifier(`count_${index}`);
  const where = and(
    sql`${products.optionValues} <> '{}'::text[]`,
    search,
    conditions.category,
    conditions.brand,
    ratingCondition(filters),
    // Common to every set: lets the planner narrow the rows by the index.
    ...summaryConditions(variantFilter),
  );
  const countOfValue =
    chosen.length === 0
      ? sql`counted.${countColumn(0)}`
      : sql`case entry.name ${sql.join(
          chosen.map((name, index) => sql`when ${name} then counted.${countColumn(index + 1)}`),
          sql` `,
        )} else counted.${countColumn(0)} end`;
  // `offset 0` keeps the sets a subquery's columns, each tested once per product, rather than
  // copied into every count that reads them.
  return sql`
    select per_list.name, per_list.value, per_list.products::int as "count",
      (select place.ordinality::int
         from jsonb_array_elements(per_list.defined) as defined(option)
         cross join lateral jsonb_array_elements_text(defined.option -> 'values')
           with ordinality as place(value, ordinality)
        where defined.option ->> 'name' = per_list.name and place.value = per_list.value
        limit 1) as "place"
    from (
      select counted.defined, entry.name, entry.value, sum(${countOfValue}) as products
      from (
        select matching.defined, matching.offered,
          ${sql.join(
            sets.map(
              (_, index) =>
                sql`count(*) filter (where matching.${setColumn(index)}) as ${countColumn(index)}`,
            ),
            sql`, `,
          )}
        from (
          select ${products.options} as defined, ${products.optionValues} as offered,
            ${sql.join(
              sets.map((set, index) => sql`${set ?? sql`true`} as ${setColumn(index)}`),
              sql`, `,
            )}
          from ${products}
          where ${where}
          offset 0
        ) as matching
        group by matching.defined, matching.offered
      ) as counted
      cross join lateral (
        select split_part(item, ${OPTION_VALUE_SEPARATOR}::text, 1) as name,
          substr(item, strpos(item, ${OPTION_VALUE_SEPARATOR}::text) + 1) as value
        from unnest(counted.offered) as item
      ) as entry
      group by counted.defined, entry.name, entry.value
    ) as per_list
    where per_list.products > 0`;
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
