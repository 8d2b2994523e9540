import type { ReviewWithBadge } from '@proshop/domain/product-schemas';
import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useLocation } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { Rating } from '../../components/Rating.tsx';
import { ReviewForm } from './ReviewForm.tsx';

interface ProductReviewsProps {
  productId: string;
  reviews: ReviewWithBadge[];
}

export function ProductReviews({ productId, reviews }: ProductReviewsProps) {
  const { hash } = useLocation();
  // `#review` (the Leave review button of an order) opens the page at the review form; the
  // browser cannot scroll there itself because the form appears only once the product loaded.
  useEffect(() => {
    if (hash === '#review') document.getElementById('review')?.scrollIntoView();
  }, [hash]);

  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      {reviews.length === 0 && <Message>No Reviews</Message>}
      <ListGroup variant="flush">
        {reviews.map((review) => (
          // Shoppers' words are rendered as text, never as markup.
          <ListGroup.Item key={review._id} as="article">
            <strong>{review.name}</strong>
            {review.verified && (
              <Badge bg="success" className="ms-2">
                Verified purchase
              </Badge>
            )}
            <Rating value={review.rating} />
            <p className="text-muted small mb-1">{review.createdAt.substring(0, 10)}</p>
            <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
              {review.comment}
            </p>
          </ListGroup.Item>
        ))}
        <ListGroup.Item id="review">
          <h2 className="fs-4">Write a Customer Review</h2>
          <ReviewForm productId={productId} />
        </ListGroup.Item>
      </ListGroup>
    </section>
  );
}
