import type { Product } from '@proshop/domain/product-schemas';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { Rating } from '../../components/Rating.tsx';
import { formatPrice } from '../../lib/format-price.ts';

interface ProductCardProps {
  product: Product;
  /** `eager` for cards in the first row, which are on screen as the page opens. */
  imageLoading: 'eager' | 'lazy';
}

export function ProductCard({ product, imageLoading }: ProductCardProps) {
  const href = `/product/${product._id}`;
  return (
    <Card className="h-100 shadow-sm">
      <Link to={href}>
        {/* The size attributes reserve the image's space before it loads, so nothing jumps. */}
        <Card.Img
          variant="top"
          src={product.image}
          alt={product.name}
          width={600}
          height={480}
          loading={imageLoading}
          decoding="async"
          style={{ height: 'auto', aspectRatio: '5 / 4', objectFit: 'cover' }}
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
        <Rating value={product.rating} text={`${product.numReviews} reviews`} />
        <Card.Text className="fs-4 fw-semibold mt-auto mb-0 pt-2">
          {formatPrice(product.price)}
        </Card.Text>
      </Card.Body>
    </Card>
  );
}
