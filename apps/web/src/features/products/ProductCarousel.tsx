import { CAROUSEL_PICTURE_PX, PICTURE_SIZES } from '@proshop/domain/product-image';
import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { priceLabel } from './price-label.ts';
import { useGetTopProductsQuery } from './products-api.ts';

const SLIDE_INTERVAL_MS = 5000;
/** The picture, 1.5rem above it and 5.5rem below it for the caption. */
const SLIDE_HEIGHT = `calc(${CAROUSEL_PICTURE_PX}px + 7rem)`;

/** The best-rated products, one slide each; every slide leads to its product. */
export function ProductCarousel() {
  const { data: products, error } = useGetTopProductsQuery();

  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  // While the slides load, an empty dark box holds their place: the list below stays put.
  if (!products) return <div className="bg-dark rounded mb-4" style={{ height: SLIDE_HEIGHT }} />;
  if (products.length === 0) return null;

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
          <Link
            to={`/product/${product._id}`}
            className="d-block text-center text-white"
            style={{ height: SLIDE_HEIGHT }}
          >
            <ProductImage
              image={product.image}
              alt={product.name}
              width={CAROUSEL_PICTURE_PX}
              height={CAROUSEL_PICTURE_PX}
              sizes={PICTURE_SIZES.carousel}
              // The first slide is on screen at once; the others wait until they are needed.
              loading={index === 0 ? 'eager' : 'lazy'}
              className="rounded-circle mt-4"
              style={{ aspectRatio: '1', objectFit: 'cover', marginBottom: '5.5rem' }}
            />
            <Carousel.Caption>
              <h2 className="fs-5">
                {product.name} ({priceLabel(product, shopCurrency)})
              </h2>
            </Carousel.Caption>
          </Link>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
