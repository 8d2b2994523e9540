import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { showNotification } from '../../state/notifications-slice.ts';
import { EMAIL_FIELD } from './account-fields.ts';
import { startReset } from './reset-storage.ts';
import { useForgotPasswordMutation } from './users-api.ts';

export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot Password');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [forgotPassword, { isLoading, error }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await forgotPassword({ email }).unwrap();
      startReset(email.trim());
      void navigate('/resetpassword');
    } catch {
      dispatch(showNotification('emailNotFound'));
    }
  }

  return (
    <FormContainer>
      <h1>Forgot Password</h1>
      <p>Enter the e-mail address of your account and we will send you a verification code.</p>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <TextField controlId="forgot-email" {...EMAIL_FIELD} value={email} onChange={setEmail} />
        <Button type="submit" variant="dark" disabled={isLoading}>
          Send Code
        </Button>
      </Form>
      <p className="mt-3">
        Remembered it? <Link to="/login">Sign In</Link>
      </p>
    </FormContainer>
  );
}
