import type { Order } from '@proshop/domain/order-schemas';
import { Link } from 'react-router';
import { Message } from '../../components/Message.tsx';

/**
 * What a guest reads on their order's page (opened with its key, issue #37): the link is the
 * only way back to the order, and an account would keep it instead, its form filled in with the
 * order's e-mail and name (the order joins the account once that e-mail is confirmed).
 */
export function GuestOrderNote({ order, signedIn }: { order: Order; signedIn: boolean }) {
  const register = `/register?${new URLSearchParams({
    email: order.user.email,
    name: order.user.name,
  }).toString()}`;
  return (
    <Message variant="info">
      <p className="mb-2 text-break">
        Keep this page&apos;s link: it is how you see, pay or cancel this order. We also sent it to{' '}
        <strong>{order.user.email}</strong>.
      </p>
      {!signedIn && (
        <p className="mb-0">
          Want to find your orders in one place next time?{' '}
          {/* The page's address holds the key: it must not go on as the referrer. */}
          <Link to={register} rel="noreferrer">
            Create an account
          </Link>
        </p>
      )}
    </Message>
  );
}
