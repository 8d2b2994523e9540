import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { cameFromCheckout, forgetCheckoutReturn } from './checkout-return.ts';
import { useConfirmEmailMutation, useResendConfirmationMutation } from './users-api.ts';

/**
 * Where the e-mailed link leads (/confirm-email/:token): it confirms the address once, and says
 * so, or says why not (already used, expired, not valid or replaced, address taken) with the way
 * to a new link: the Resend button when signed in, else signing in first.
 */
export function ConfirmEmailScreen() {
  useDocumentTitle('Confirm E-mail');
  const { token = '' } = useParams();
  const userInfo = useSelector(selectUserInfo);
  const [confirm, { data, error, isUninitialized, isLoading }] = useConfirmEmailMutation();
  const [resend, resent] = useResendConfirmationMutation();
  // Registered on the way into checkout: the way back there is offered too (issue #37).
  const [toCheckout] = useState(cameFromCheckout);
  useEffect(() => {
    if (data) forgetCheckoutReturn();
  }, [data]);
  // The link is followed once per visit, even when effects run twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirm({ token });
  }, [confirm, token]);

  return (
    <FormContainer>
      <h1>Confirm E-mail</h1>
      {isUninitialized || isLoading ? (
        <Loader />
      ) : data ? (
        <>
          <Message variant="success">{data.message}</Message>
          <p>
            <strong className="text-break">{data.email}</strong> is the address of your account.
          </p>
          <div className="d-flex flex-wrap gap-2">
            {toCheckout && (
              <Link className="btn btn-dark" to="/shipping">
                Continue to checkout
              </Link>
            )}
            <Link
              className={toCheckout ? 'btn btn-outline-dark' : 'btn btn-dark'}
              to={userInfo ? '/' : '/login'}
            >
              {userInfo ? 'Continue Shopping' : 'Sign In'}
            </Link>
          </div>
        </>
      ) : (
        <>
          {error && <Message variant="danger">{errorMessage(error)}</Message>}
          {userInfo ? (
            <>
              <Button variant="dark" disabled={resent.isLoading} onClick={() => void resend()}>
                Send A New Link
              </Button>
              {(resent.data || resent.error) && (
                <p role="status" className="mt-3">
                  {resent.data
                    ? resent.data.message
                    : resent.error
                      ? errorMessage(resent.error)
                      : null}
                </p>
              )}
            </>
          ) : (
            <p>
              <Link to="/login?redirect=profile">Sign in</Link> to ask for a new link.
            </p>
          )}
        </>
      )}
    </FormContainer>
  );
}
