import { Link, useParams } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { listPagePath, listPageTitle } from '../../lib/list-page-path.ts';
import { shopName } from '../../lib/shop-name.ts';
import { ProductCarousel } from './ProductCarousel.tsx';
import { ProductListing } from './ProductListing.tsx';

export function HomeScreen() {
  const { keyword, pageNumber = '1' } = useParams();
  const listPath = keyword ? `/search/${encodeURIComponent(keyword)}` : '';
  usePageMeta({
    title: listPageTitle(keyword ? `Search: ${keyword}` : 'Latest Products', pageNumber),
    description: keyword && `Products matching “${keyword}” at ${shopName}.`,
    canonical: listPagePath(listPath, pageNumber),
    // Endless keywords are endless pages: kept out of the index, as the server's head says.
    noindex: keyword !== undefined,
  });

  return (
    <>
      {keyword ? (
        <Link to="/" className="btn btn-light mb-3">
          Go Back
        </Link>
      ) : (
        <ProductCarousel />
      )}
      {/* A search's results say what was searched for; the plain list keeps the spec's title. */}
      <h1>{keyword ? `Results for "${keyword}"` : 'Latest Products'}</h1>
      <ProductListing
        // A new search starts with its own panel (a price typed for the last one is dropped).
        key={keyword ?? ''}
        listPath={listPath}
        keyword={keyword}
        pageNumber={pageNumber}
        emptyMessage={
          keyword ? (
            <Message>No products match &ldquo;{keyword}&rdquo;. Try another word.</Message>
          ) : (
            <Message>There are no products on this page.</Message>
          )
        }
      />
    </>
  );
}
