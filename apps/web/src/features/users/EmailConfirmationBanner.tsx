import { useSelector } from 'react-redux';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { useGetProfileQuery, useResendConfirmationMutation } from './users-api.ts';

/**
 * Shown on every screen to a signed-in account whose e-mail address is not confirmed: it may
 * browse and keep a cart, but not order, until it follows the e-mailed link. Read from the
 * profile rather than the stored session, so it goes as soon as the link is followed.
 */
export function EmailConfirmationBanner() {
  const userInfo = useSelector(selectUserInfo);
  const { data: profile } = useGetProfileQuery(undefined, { skip: !userInfo });
  const [resend, { data: resent, error, isLoading }] = useResendConfirmationMutation();
  if (!userInfo || !profile || profile.emailVerified) return null;

  return (
    <section
      aria-label="Confirm your e-mail address"
      className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
    >
      <p className="mb-0 flex-grow-1">
        Please confirm your e-mail address: follow the link we sent to{' '}
        <strong className="text-break">{profile.email}</strong>. Until then you can browse and fill
        your cart, but not place an order.
      </p>
      <Button variant="dark" size="sm" disabled={isLoading} onClick={() => void resend()}>
        Resend Link
      </Button>
      {(resent || error) && (
        <p role="status" className="mb-0 w-100">
          {resent ? resent.message : error ? errorMessage(error) : null}
        </p>
      )}
    </section>
  );
}
