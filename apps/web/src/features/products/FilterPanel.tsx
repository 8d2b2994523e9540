import type { FacetValue, ProductFacets } from '@proshop/domain/product-schemas';
import { useId, useState, type FormEvent } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  RATING_OPTIONS,
  priceBound,
  toggleOptionValue,
  toggleSlug,
  type CatalogueFilters,
  type FixedFilter,
} from './catalogue-query.ts';

interface FilterPanelProps {
  /** The element's id, named by the Filters button's aria-controls. */
  id: string;
  filters: CatalogueFilters;
  fixed: FixedFilter;
  /** The choices and their counts; undefined until the first list has arrived. */
  facets: ProductFacets | undefined;
  onChange: (filters: CatalogueFilters) => void;
  /** Whether the sheet is open on a narrow screen; wide screens always show it as a sidebar. */
  show: boolean;
  onHide: () => void;
}

/**
 * The list's filters: a sidebar from the lg breakpoint, a sheet opened by the Filters button on
 * narrower screens (Bootstrap's responsive offcanvas). Every choice applies at once, except the
 * price range, which applies with its button.
 */
export function FilterPanel({
  id,
  filters,
  fixed,
  facets,
  onChange,
  show,
  onHide,
}: FilterPanelProps) {
  const titleId = useId();
  return (
    <Offcanvas
      id={id}
      show={show}
      onHide={onHide}
      responsive="lg"
      placement="start"
      aria-labelledby={titleId}
    >
      <Offcanvas.Header closeButton closeLabel="Close filters">
        <Offcanvas.Title as="h2" id={titleId}>
          Filters
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <div className="w-100">
          <h2 className="h5 d-none d-lg-block">Filters</h2>
          <FacetChoices
            legend="Categories"
            values={facets?.categories}
            selected={filters.categories}
            locked={fixed.category}
            onToggle={(slug) =>
              onChange({ ...filters, categories: toggleSlug(filters.categories, slug) })
            }
          />
          <FacetChoices
            legend="Brands"
            values={facets?.brands}
            selected={filters.brands}
            locked={fixed.brand}
            onToggle={(slug) => onChange({ ...filters, brands: toggleSlug(filters.brands, slug) })}
          />
          {optionFacets(facets, filters).map((option) => (
            <FacetChoices
              key={option.name}
              legend={option.name}
              values={option.values}
              selected={filters.options[option.name] ?? []}
              locked={undefined}
              onToggle={(value) =>
                onChange({
                  ...filters,
                  options: toggleOptionValue(filters.options, option.name, value),
                })
              }
            />
          ))}
          <PriceRange
            // A new range in the address (a chip removed, Back) shows in the boxes.
            key={`${filters.minPrice ?? ''}-${filters.maxPrice ?? ''}`}
            filters={filters}
            range={facets?.price ?? null}
            onChange={onChange}
          />
          <div className="form-check form-switch mb-3">
            <input
              id={`${id}-in-stock`}
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={filters.inStock}
              onChange={(event) => onChange({ ...filters, inStock: event.target.checked })}
            />
            <label htmlFor={`${id}-in-stock`} className="form-check-label">
              In stock only
            </label>
          </div>
          <RatingChoice filters={filters} onChange={onChange} />
          <button type="button" className="btn btn-dark w-100 d-lg-none" onClick={onHide}>
            Show results
          </button>
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  );
}

/**
 * The option facets (Size, Colour) as choices: a value's slug is the value itself. An option
 * chosen that the answer no longer lists still shows, so it can be unchosen.
 */
function optionFacets(
  facets: ProductFacets | undefined,
  filters: CatalogueFilters,
): { name: string; values: FacetValue[] }[] {
  const listed = (facets?.options ?? []).map((option) => ({
    name: option.name,
    values: option.values.map(({ value, count }) => ({ slug: value, name: value, count })),
  }));
  const unlisted = Object.keys(filters.options)
    .filter((name) => !listed.some((option) => option.name === name))
    .map((name) => ({ name, values: [] }));
  return [...listed, ...unlisted];
}

interface FacetChoicesProps {
  legend: string;
  values: FacetValue[] | undefined;
  selected: string[];
  /** The page's own category or brand: checked, and not to be unchecked. */
  locked: string | undefined;
  onToggle: (slug: string) => void;
}

function FacetChoices({ legend, values = [], selected, locked, onToggle }: FacetChoicesProps) {
  const idPrefix = useId();
  // A chosen value the answer does not list (none of its products left) can still be unchosen.
  const listed = new Set(values.map((value) => value.slug));
  const choices = [
    ...values,
    ...selected.filter((slug) => !listed.has(slug)).map((slug) => ({ slug, name: slug, count: 0 })),
  ];
  if (choices.length === 0) return null;
  return (
    <fieldset className="mb-3">
      <legend className="h6">{legend}</legend>
      <div className="overflow-auto" style={{ maxHeight: '14rem' }}>
        {choices.map((value, index) => {
          const inputId = `${idPrefix}-${index}`;
          return (
            <div key={value.slug} className="form-check">
              <input
                id={inputId}
                type="checkbox"
                className="form-check-input"
                checked={selected.includes(value.slug)}
                disabled={value.slug === locked}
                onChange={() => onToggle(value.slug)}
              />
              <label htmlFor={inputId} className="form-check-label">
                {value.name} <span className="text-body-secondary">({value.count})</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

interface PriceRangeProps {
  filters: CatalogueFilters;
  /** The prices of the products the other filters leave: the boxes' hints. */
  range: { min: number; max: number } | null;
  onChange: (filters: CatalogueFilters) => void;
}

interface PriceInputProps {
  id: string;
  label: string;
  /** The lowest or highest price on offer, shown while the box is empty. */
  hint: string | null;
  value: string;
  /** The message's id while the range is refused. */
  describedBy: string | undefined;
  onChange: (value: string) => void;
}

/** The shop currency's sign ("$", "€"), written before the amount in the price boxes. */
const currencySign =
  new Intl.NumberFormat('en-US', { style: 'currency', currency: shopCurrency })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? shopCurrency;

/** A whole price as the boxes' hint: "24", "1,299" (after the currency's sign). */
const priceHint = (amount: number) => amount.toLocaleString('en-US');

function PriceInput({ id, label, hint, value, describedBy, onChange }: PriceInputProps) {
  return (
    <div>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <div className="input-group input-group-sm">
        <span className="input-group-text" aria-hidden="true">
          {currencySign}
        </span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          className="form-control form-control-sm"
          placeholder={hint ?? undefined}
          value={value}
          aria-invalid={describedBy ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

function PriceRange({ filters, range, onChange }: PriceRangeProps) {
  const idPrefix = useId();
  const [min, setMin] = useState(filters.minPrice ?? '');
  const [max, setMax] = useState(filters.maxPrice ?? '');
  const [problem, setProblem] = useState('');

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minPrice = priceBound(min);
    const maxPrice = priceBound(max);
    if ((min.trim() && minPrice === undefined) || (max.trim() && maxPrice === undefined)) {
      setProblem('Enter prices such as 25 or 19.99.');
      return;
    }
    if (minPrice !== undefined && maxPrice !== undefined && Number(minPrice) > Number(maxPrice)) {
      setProblem('The minimum price must not be more than the maximum.');
      return;
    }
    setProblem('');
    onChange({ ...filters, minPrice, maxPrice });
  }

  const problemId = `${idPrefix}-problem`;
  const describedBy = problem ? problemId : undefined;
  return (
    <form className="mb-3" onSubmit={apply} noValidate>
      <fieldset>
        <legend className="h6">Price</legend>
        <div className="d-flex gap-2 align-items-end">
          <PriceInput
            id={`${idPrefix}-min`}
            label="Min price"
            hint={range && priceHint(Math.floor(range.min))}
            value={min}
            describedBy={describedBy}
            onChange={setMin}
          />
          <PriceInput
            id={`${idPrefix}-max`}
            label="Max price"
            hint={range && priceHint(Math.ceil(range.max))}
            value={max}
            describedBy={describedBy}
            onChange={setMax}
          />
          <button type="submit" className="btn btn-sm btn-outline-dark">
            Apply
          </button>
        </div>
        {problem && (
          <div id={problemId} className="text-danger small mt-1" role="alert">
            {problem}
          </div>
        )}
      </fieldset>
    </form>
  );
}

function RatingChoice({
  filters,
  onChange,
}: {
  filters: CatalogueFilters;
  onChange: (filters: CatalogueFilters) => void;
}) {
  const name = useId();
  const options = [
    ...RATING_OPTIONS.map((stars) => ({
      value: stars,
      label: `${stars} ${stars === 1 ? 'star' : 'stars'} & up`,
    })),
    { value: undefined, label: 'Any rating' },
  ];
  return (
    <fieldset className="mb-3">
      <legend className="h6">Minimum rating</legend>
      {options.map((option) => {
        const inputId = `${name}-${option.value ?? 'any'}`;
        return (
          <div key={inputId} className="form-check">
            <input
              id={inputId}
              type="radio"
              name={name}
              className="form-check-input"
              checked={filters.minRating === option.value}
              onChange={() => onChange({ ...filters, minRating: option.value })}
            />
            <label htmlFor={inputId} className="form-check-label">
              {option.label}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
