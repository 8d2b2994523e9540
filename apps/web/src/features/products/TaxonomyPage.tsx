import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Taxonomy } from '@proshop/domain/taxonomy-schemas';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import type { FixedFilter } from './catalogue-query.ts';
import { ProductListing } from './ProductListing.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { listPagePath, listPageTitle } from '../../lib/list-page-path.ts';
import { shopName } from '../../lib/shop-name.ts';

interface TaxonomyPageProps {
  kind: 'category' | 'brand';
  slug: string;
  pageNumber: string;
  /** GET /api/categories/{slug} or /api/brands/{slug}, as the screen asked for it. */
  record: Taxonomy | undefined;
  error: FetchBaseQueryError | SerializedError | undefined;
}

const LABELS = {
  category: { one: 'Category', empty: 'There are no products in this category yet.' },
  brand: { one: 'Brand', empty: 'There are no products of this brand yet.' },
};

/**
 * The page of a category or a brand: its name and description over the product list, which
 * always holds the page's own category or brand and can be narrowed further. The list is asked
 * for with the record, not after it.
 */
export function TaxonomyPage({ kind, slug, pageNumber, record, error }: TaxonomyPageProps) {
  const labels = LABELS[kind];
  const notFound = error !== undefined && 'status' in error && error.status === 404;
  const fixed = useMemo<FixedFilter>(() => ({ [kind]: slug }), [kind, slug]);
  const listPath = `/${kind}/${encodeURIComponent(slug)}`;
  usePageMeta({
    title: notFound ? `${labels.one} not found` : record && listPageTitle(record.name, pageNumber),
    description:
      record &&
      (record.description || `${labels.one} ${record.name} at ${shopName}: browse the products.`),
    canonical: listPagePath(listPath, pageNumber),
    noindex: notFound,
  });

  if (notFound) {
    return (
      <>
        <h1>{labels.one} not found</h1>
        <p>There is no {kind} at this address. It may have been renamed or removed.</p>
        <Link to="/" className="btn btn-dark">
          Go to the home page
        </Link>
      </>
    );
  }
  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;

  return (
    <>
      {/* Held at a heading's height while the record loads, so the list below does not move. */}
      <h1 style={{ minHeight: '1.2em' }}>{record?.name}</h1>
      {record?.description && (
        <p className="lead" style={{ whiteSpace: 'pre-line' }}>
          {record.description}
        </p>
      )}
      <ProductListing
        listPath={listPath}
        pageNumber={pageNumber}
        fixed={fixed}
        emptyMessage={<Message>{labels.empty}</Message>}
      />
    </>
  );
}
