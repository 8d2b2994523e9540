import { formatMoney, toCents } from '@proshop/domain/money';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Paginate } from '../../components/Paginate.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { pageHref } from '../../lib/page-links.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  catalogueSearch,
  clearFilters,
  filterChips,
  hasFilters,
  productListParams,
  readCatalogueQuery,
  withFixed,
  type CatalogueFilters,
  type FixedFilter,
} from './catalogue-query.ts';
import { FilterChips } from './FilterChips.tsx';
import { ProductCard } from './ProductCard.tsx';
import { useGetProductsQuery } from './products-api.ts';
import { SortSelect } from './SortSelect.tsx';

/** The cards on screen as the page opens (a row from lg, beside the filters): their images load at once. */
const FIRST_ROW_SIZE = 3;

const NO_FIXED: FixedFilter = {};

// Loaded beside the first list rather than in the home page's first-load script (at most 100 KB,
// scripts/lib/first-load.mjs): react-bootstrap's Offcanvas brings its modal code along. Its
// column is kept, so the grid does not move when it arrives.
const FilterPanel = lazy(() =>
  import('./FilterPanel.tsx').then((module) => ({ default: module.FilterPanel })),
);

interface ProductListingProps {
  /** The list's address without its page and query: '' (home), `/search/{kw}`, `/category/{slug}`. */
  listPath: string;
  keyword?: string | undefined;
  /** As typed in the address: the server reads a malformed one as page 1. */
  pageNumber: string;
  /** The page's own category or brand: always applied, checked and locked in the panel. */
  fixed?: FixedFilter;
  /** What an empty first page says when no filter narrows it. */
  emptyMessage: ReactNode;
}

/** "1 product", "12 products": how many match on every page together. */
const productCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'}`;

/** A price bound on a chip: `$15`, `$19.99`. */
const money = (amount: string) =>
  formatMoney(toCents(Number(amount)), shopCurrency, { trimZeroCents: true });

/**
 * A product grid with its filter panel, sort, active filters and pages. The filters and the sort
 * live in the address's query string (catalogue-query.ts): every change is a new history entry,
 * so Back undoes it, and goes to the list's first page.
 */
export function ProductListing({
  listPath,
  keyword,
  pageNumber,
  fixed = NO_FIXED,
  emptyMessage,
}: ProductListingProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const panelId = useId();
  const [showPanel, setShowPanel] = useState(false);
  const filters = useMemo(
    () => withFixed(readCatalogueQuery(searchParams), fixed),
    [searchParams, fixed],
  );
  const { data, currentData, isFetching, error } = useGetProductsQuery(
    productListParams(filters, fixed, keyword, pageNumber),
  );
  // The last answer's facets keep the panel in place while the next list loads.
  const facets = data?.facets;
  const search = catalogueSearch(filters, fixed);
  const filtered = hasFilters(filters, fixed);

  const apply = (next: CatalogueFilters) => {
    // The panel stays where the shopper is using it: no jump to the top of the page.
    void navigate(`${listPath || '/'}${catalogueSearch(next, fixed)}`, {
      preventScrollReset: true,
    });
  };
  const chips = filterChips(
    filters,
    {
      categories: new Map(facets?.categories.map((value) => [value.slug, value.name])),
      brands: new Map(facets?.brands.map((value) => [value.slug, value.name])),
    },
    fixed,
    money,
  );
  const activeCount = chips.length;

  return (
    <Row className="g-4">
      {/* On a phone the panel opens as a sheet above the page: the column stays empty and hidden. */}
      <Col as="aside" lg={3} className="d-none d-lg-block" aria-label="Product filters">
        <Suspense>
          <FilterPanel
            id={panelId}
            filters={filters}
            fixed={fixed}
            facets={facets}
            onChange={apply}
            show={showPanel}
            onHide={() => setShowPanel(false)}
          />
        </Suspense>
      </Col>
      <Col lg={9}>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <button
            type="button"
            className="btn btn-outline-dark btn-sm d-lg-none"
            aria-controls={panelId}
            aria-expanded={showPanel}
            onClick={() => setShowPanel(true)}
          >
            Filters{activeCount > 0 && ` (${activeCount})`}
          </button>
          {data && (
            // The last answer's count stays while the next loads (the bar does not jump), and
            // is announced when a filter or a search changes how many match.
            <p className="mb-0 text-body-secondary small" role="status" data-testid="product-count">
              {productCount(data.count)}
            </p>
          )}
          <div className="ms-auto">
            <SortSelect value={filters.sort} onChange={(sort) => apply({ ...filters, sort })} />
          </div>
        </div>
        <FilterChips
          chips={chips}
          onRemove={(chip) => apply(chip.without)}
          onClearAll={() => apply(clearFilters(filters))}
        />
        {isFetching ? (
          <Loader />
        ) : error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : (
          currentData && (
            <>
              {currentData.products.length === 0 &&
                (Number(pageNumber) > 1 ? (
                  // Past the last page (an old link, a list that got shorter): a way back.
                  <Message>
                    There are no products on this page.{' '}
                    <Link to={pageHref(Math.max(currentData.pages, 1), { listPath, search })}>
                      {currentData.pages > 1
                        ? `Go to the last page (${currentData.pages})`
                        : 'Go to the first page'}
                    </Link>
                  </Message>
                ) : filtered ? (
                  <Message>
                    No products match these filters.{' '}
                    <button
                      type="button"
                      className="btn btn-link p-0 align-baseline"
                      onClick={() => apply(clearFilters(filters))}
                    >
                      Clear all filters
                    </button>
                  </Message>
                ) : (
                  emptyMessage
                ))}
              {/* Two columns on a phone, as Dawn's and WooCommerce's: four products on the first
                  screens rather than one, with a smaller gutter so each card keeps its width. */}
              <Row className="g-2 g-sm-3 g-md-4 mb-4">
                {currentData.products.map((product, index) => (
                  <Col key={product._id} xs={6} lg={4}>
                    <ProductCard
                      product={product}
                      imageLoading={index < FIRST_ROW_SIZE ? 'eager' : 'lazy'}
                      {...(index === 0 ? { imagePriority: 'high' } : {})}
                    />
                  </Col>
                ))}
              </Row>
              <Paginate
                pages={currentData.pages}
                page={currentData.page}
                listPath={listPath}
                search={search}
              />
            </>
          )
        )}
      </Col>
    </Row>
  );
}
