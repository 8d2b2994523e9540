import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { useCreateReviewMutation } from './products-api.ts';

const RATING_OPTIONS = [
  { value: '1', label: '1 - poor' },
  { value: '2', label: '2 - Fair' },
  { value: '3', label: '3 - Good' },
  { value: '4', label: '4 - Very Good' },
  { value: '5', label: '5 - Excellent' },
] as const;

/** The signed-in shopper's review of one product; the server judges what was typed. */
export function ReviewForm({ productId }: { productId: string }) {
  const userInfo = useSelector(selectUserInfo);
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [createReview, { isLoading, isSuccess, error }] = useCreateReviewMutation();

  if (!userInfo) {
    return (
      <Message>
        Please{' '}
        <Link to={`/login?redirect=product/${productId}`} className="alert-link">
          sign in
        </Link>{' '}
        to write a review
      </Message>
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Sent as typed: an unchosen rating goes without a value, so the server asks for one.
    const result = await createReview({
      productId,
      rating: rating === '' ? undefined : Number(rating),
      comment,
    });
    if (!('error' in result)) {
      setRating('');
      setComment('');
    }
  }

  return (
    <>
      {isSuccess && <Message variant="success">Review Submitted!</Message>}
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <Form.Group className="mb-3" controlId="review-rating">
          <Form.Label>Rating</Form.Label>
          <Form.Select value={rating} onChange={(event) => setRating(event.target.value)}>
            <option value="">select...</option>
            {RATING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="review-comment">
          <Form.Label>Comment</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </Form.Group>
        <Button type="submit" variant="dark" disabled={isLoading}>
          Submit
        </Button>
      </Form>
    </>
  );
}
