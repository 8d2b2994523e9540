import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { useGetTopProductsQuery } from './products-api.ts';

const SLIDE_INTERVAL_MS = 5000;

/** The best-rated products, one slide each; every slide leads to its product. */
export function ProductCarousel() {
  const { data: products, error } = useGetTopProductsQuery();

  // The list below is the page's content: while the slides load nothing is drawn in their place.
  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  if (!products || products.length === 0) return null;

  return (
    <Carousel
      pause="hover"
      interval={SLIDE_INTERVAL_MS}
      className="bg-dark rounded mb-4"
      role="region"
      aria-label="Top rated products"
    >
      {products.map((product, index) => (
        <Carousel.Item key={product._id}>
          <Link to={`/product/${product._id}`} className="d-block text-center text-white">
            <img
              src={product.image}
              alt={product.name}
              width={300}
              height={300}
              // The first slide is on screen at once; the others wait until they are needed.
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
              className="rounded-circle mt-4"
              style={{ objectFit: 'cover', marginBottom: '5.5rem' }}
            />
            <Carousel.Caption>
              <h2 className="fs-5">
                {product.name} ({formatPrice(product.price)})
              </h2>
            </Carousel.Caption>
          </Link>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
