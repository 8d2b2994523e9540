import Button from 'react-bootstrap/Button';
import { useSelector } from 'react-redux';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { useGetBuyerProfileQuery, useResendEmailConfirmationMutation } from './checkout-api.ts';

export interface EmailConfirmation {
  /** A signed-in account whose e-mail is not confirmed: the server refuses its orders. */
  unconfirmed: boolean;
  /** Still asked of the server; the order waits for the answer. */
  checking: boolean;
  /** The address the link went to. */
  email: string | undefined;
}

/**
 * Whether the signed-in account may order yet (its e-mail confirmed). A session that says so is
 * believed; otherwise the profile is asked each time a step opens, since the link may have been
 * followed meanwhile, in another tab. A guest has nothing to confirm.
 */
export function useEmailConfirmation(): EmailConfirmation {
  const userInfo = useSelector(selectUserInfo);
  const known = userInfo?.emailVerified === true;
  const { data, isLoading } = useGetBuyerProfileQuery(undefined, {
    skip: !userInfo || known,
    refetchOnMountOrArgChange: true,
  });
  return {
    unconfirmed: Boolean(userInfo) && !known && data?.emailVerified === false,
    checking: Boolean(userInfo) && !known && isLoading,
    email: data?.email ?? userInfo?.email,
  };
}

/**
 * The confirmation rule said where it bites (issue #37): on the shipping step before the shopper
 * types an address, and beside Place Order while it keeps the button disabled, with the action
 * that sends the link again.
 */
export function EmailConfirmationNote({
  confirmation,
  id,
}: {
  confirmation: EmailConfirmation;
  /** Names the note, for the button it explains (aria-describedby). */
  id?: string;
}) {
  const [resend, { data: resent, error, isLoading }] = useResendEmailConfirmationMutation();
  if (!confirmation.unconfirmed) return null;
  return (
    <div className="alert alert-warning small" role="note" aria-label="E-mail not confirmed">
      <p className="mb-2" id={id}>
        Your e-mail address must be confirmed before the order can be placed: follow the link we
        sent to <strong className="text-break">{confirmation.email}</strong>.
      </p>
      <Button variant="dark" size="sm" disabled={isLoading} onClick={() => void resend()}>
        Send the link again
      </Button>
      {(resent || error) && (
        <p role="status" className="mb-0 mt-2">
          {resent ? resent.message : error ? errorMessage(error) : null}
        </p>
      )}
    </div>
  );
}
