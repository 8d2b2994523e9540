import { Link, useParams } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { ProductCarousel } from './ProductCarousel.tsx';
import { ProductListing } from './ProductListing.tsx';

export function HomeScreen() {
  const { keyword, pageNumber = '1' } = useParams();

  return (
    <>
      {keyword ? (
        <Link to="/" className="btn btn-light mb-3">
          Go Back
        </Link>
      ) : (
        <ProductCarousel />
      )}
      <h1>Latest Products</h1>
      <ProductListing
        // A new search starts with its own panel (a price typed for the last one is dropped).
        key={keyword ?? ''}
        listPath={keyword ? `/search/${encodeURIComponent(keyword)}` : ''}
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
