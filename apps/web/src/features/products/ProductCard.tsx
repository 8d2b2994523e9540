import { reviewCountLabel } from '@proshop/domain/plural';
import { PICTURE_SIZES } from '@proshop/domain/product-image';
import type { Product } from '@proshop/domain/product-schemas';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { ProductImage } from '../../components/ProductImage.tsx';
import { Rating } from '../../components/Rating.tsx';
import { WishlistHeart } from '../../components/WishlistHeart.tsx';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { priceLabel } from './price-label.ts';

interface ProductCardProps {
  product: Product;
  /** `eager` for cards in the first row, which are on screen as the page opens. */
  imageLoading: 'eager' | 'lazy';
  /** `high` for the first card: on a phone its picture is the largest thing on screen. */
  imagePriority?: 'high';
}

export function ProductCard({ product, imageLoading, imagePriority }: ProductCardProps) {
  const href = `/product/${product._id}`;
  return (
    <Card className="h-100 shadow-sm position-relative">
      <WishlistHeart
        productId={product._id}
        className="position-absolute top-0 end-0 m-1 bg-white rounded-circle z-1"
      />
      {/* Told before the click: nothing of it is on offer (every variant sold out). */}
      {product.countInStock === 0 && (
        <span className="badge text-bg-dark position-absolute top-0 start-0 m-2 z-1">Sold out</span>
      )}
      <Link to={href}>
        <ProductImage
          image={product.image}
          alt={product.name}
          width={640}
          sizes={PICTURE_SIZES.card}
          loading={imageLoading}
          fetchPriority={imagePriority}
          className="card-img-top"
        />
      </Link>
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h2" className="fs-6">
          <Link
            to={href}
            className="link-dark link-underline-opacity-0 link-underline-opacity-100-hover"
          >
            {product.name}
          </Link>
        </Card.Title>
        <Rating value={product.rating} text={reviewCountLabel(product.numReviews)} />
        <Card.Text className="fs-4 fw-semibold mt-auto mb-0 pt-2">
          {priceLabel(product, shopCurrency)}
        </Card.Text>
      </Card.Body>
    </Card>
  );
}
