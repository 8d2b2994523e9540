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

/** The best-rated products, one slide each; every slide leads to its product. */
export function ProductCarousel() {
  const { data: products, error } = useGetTopProductsQuery();

  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  // While the slides load, an empty dark box holds their place: the list below stays put.
  // The slide's height is `.hero-slide`'s (phone.css): lower on a phone, so products show too.
  if (!products) return <div className="hero-slide bg-dark rounded mb-4" />;
  if (products.length === 0) return null;

  return (
    <Carousel
      pause="hover"
      interval={SLIDE_INTERVAL_MS}
      className="hero bg-dark rounded mb-4"
      role="region"
      aria-label="Top rated products"
    >
      {products.map((product, index) => (
        <Carousel.Item key={product._id}>
          <Link
            to={`/product/${product._id}`}
            className="hero-slide d-block text-center text-white"
          >
            <ProductImage
              image={product.image}
              alt={product.name}
              width={CAROUSEL_PICTURE_PX}
              height={CAROUSEL_PICTURE_PX}
              sizes={PICTURE_SIZES.carousel}
              // The first slide is on screen at once; the others wait until they are needed.
              loading={index === 0 ? 'eager' : 'lazy'}
              className="hero-picture rounded-circle"
              style={{ aspectRatio: '1', objectFit: 'cover' }}
            />
            {/* On a dark box of its own: white text reads on a light picture as on a dark one. */}
            <Carousel.Caption className="hero-caption">
              <h2 className="fs-5 mb-0">
                {product.name} ({priceLabel(product, shopCurrency)})
              </h2>
            </Carousel.Caption>
          </Link>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
