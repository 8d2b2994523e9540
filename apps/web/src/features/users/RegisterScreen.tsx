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
import { selectUserInfo, signedIn } from '../../state/session-slice.ts';
import { EMAIL_FIELD, NAME_FIELD } from './account-fields.ts';
import { rememberRegistrationTarget } from './checkout-return.ts';
import { PASSWORD_RULE } from '@proshop/domain/password-rule';
import { PASSWORDS_DO_NOT_MATCH } from './password-texts.ts';
import { useRegisterMutation } from './users-api.ts';

export function RegisterScreen() {
  useDocumentTitle('Register');
  const [searchParams] = useSearchParams();
  const userInfo = useSelector(selectUserInfo);
  const dispatch = useDispatch();
  const [register, { isLoading, error }] = useRegisterMutation();
  // Prefilled from a guest order's page (`?email=...&name=...`, issue #37).
  const [name, setName] = useState(() => searchParams.get('name') ?? '');
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const redirect = searchParams.get('redirect');
  if (userInfo) return <Navigate to={redirectTarget(searchParams)} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const passwordsDiffer = password !== confirmPassword;
    setMismatch(passwordsDiffer);
    if (passwordsDiffer) return;
    try {
      const account = await register({ name, email, password }).unwrap();
      // The confirmation link's page takes a shopper who came from checkout back to it.
      rememberRegistrationTarget(redirectTarget(searchParams));
      dispatch(signedIn(account));
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  return (
    <FormContainer>
      <h1>Register</h1>
      {mismatch && <Message variant="danger">{PASSWORDS_DO_NOT_MATCH}</Message>}
      {error && !mismatch && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <TextField controlId="register-name" {...NAME_FIELD} value={name} onChange={setName} />
        <TextField controlId="register-email" {...EMAIL_FIELD} value={email} onChange={setEmail} />
        <TextField
          controlId="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          placeholder="Enter password"
          hint={PASSWORD_RULE}
          value={password}
          onChange={setPassword}
        />
        <TextField
          controlId="register-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          placeholder="Confirm password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <Button type="submit" variant="dark" disabled={isLoading}>
          Register
        </Button>
      </Form>
      {/* The rule said before it bites (at Place Order), issue #37. */}
      <p className="small text-muted mt-3 mb-0">
        We will send you an e-mail to confirm your address; you can place orders once it is
        confirmed.
      </p>
      <p className="mt-3">
        Have an account?{' '}
        <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>
          Sign In
        </Link>
      </p>
    </FormContainer>
  );
}
