import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { redirectTarget } from '../../lib/login-redirect.ts';
import { useGetCheckoutConfigQuery } from '../../state/checkout-config-api.ts';
import { selectSessionEndedMessage, selectUserInfo, signedIn } from '../../state/session-slice.ts';
import { EMAIL_FIELD } from './account-fields.ts';
import { GuestCheckoutForm } from './GuestCheckoutForm.tsx';
import { useLoginMutation } from './users-api.ts';

export function LoginScreen() {
  useDocumentTitle('Sign In');
  const [searchParams] = useSearchParams();
  const userInfo = useSelector(selectUserInfo);
  const sessionEndedMessage = useSelector(selectSessionEndedMessage);
  const dispatch = useDispatch();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const redirect = searchParams.get('redirect');
  // On the way into checkout a guest may buy too, if the shop lets them (CHECKOUT_ACCOUNTS).
  const intoCheckout = redirectTarget(searchParams) === '/shipping';
  const { data: checkoutConfig } = useGetCheckoutConfigQuery(undefined, { skip: !intoCheckout });
  // Signing in (or arriving signed in) goes on to where the shopper was heading.
  if (userInfo) return <Navigate to={redirectTarget(searchParams)} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      dispatch(signedIn(await login({ email, password }).unwrap()));
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  return (
    <FormContainer>
      <h1>Sign In</h1>
      {sessionEndedMessage && <Message variant="warning">{sessionEndedMessage}</Message>}
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <TextField controlId="login-email" {...EMAIL_FIELD} value={email} onChange={setEmail} />
        <TextField
          controlId="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          placeholder="Enter password"
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" variant="dark" disabled={isLoading}>
          Sign In
        </Button>
      </Form>
      <p className="mt-3 mb-1">
        <Link to="/forgotpassword" className="tap-target">
          Forgot password
        </Link>
      </p>
      <p>
        New Customer?{' '}
        <Link to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>
          Create an account
        </Link>
      </p>
      {intoCheckout && checkoutConfig?.guestCheckout === true && (
        <GuestCheckoutForm redirect="/shipping" />
      )}
    </FormContainer>
  );
}
