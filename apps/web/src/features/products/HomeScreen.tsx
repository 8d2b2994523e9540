import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Paginate } from '../../components/Paginate.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { ProductCard } from './ProductCard.tsx';
import { ProductCarousel } from './ProductCarousel.tsx';
import { useGetProductsQuery } from './products-api.ts';

/** The widest grid (xl) shows 4 cards a row; those images load at once, the rest lazily. */
const FIRST_ROW_SIZE = 4;

export function HomeScreen() {
  const { keyword, pageNumber = '1' } = useParams();
  // The page number goes to the API as typed: the server reads a malformed one as page 1.
  const { currentData, isFetching, error } = useGetProductsQuery({ keyword, pageNumber });

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
      {isFetching ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        currentData && (
          <>
            {currentData.products.length === 0 &&
              (keyword ? (
                <Message>No products match &ldquo;{keyword}&rdquo;. Try another word.</Message>
              ) : (
                <Message>There are no products on this page.</Message>
              ))}
            <Row className="g-4 mb-4">
              {currentData.products.map((product, index) => (
                <Col key={product._id} sm={12} md={6} lg={4} xl={3}>
                  <ProductCard
                    product={product}
                    imageLoading={index < FIRST_ROW_SIZE ? 'eager' : 'lazy'}
                    {...(index === 0 ? { imagePriority: 'high' } : {})}
                  />
                </Col>
              ))}
            </Row>
            <Paginate pages={currentData.pages} page={currentData.page} keyword={keyword} />
          </>
        )
      )}
    </>
  );
}
