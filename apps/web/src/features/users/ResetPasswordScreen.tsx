import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { RESET_CODE_LENGTH, RESET_CODE_TTL_MINUTES } from '@proshop/domain/user-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { showNotification } from '../../state/notifications-slice.ts';
import { NewPasswordField } from './NewPasswordField.tsx';
import { finishReset, markVerified, readResetEmail } from './reset-storage.ts';
import {
  useCheckResetCodeMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} from './users-api.ts';

type Step = 'code' | 'password' | 'done';

function failureText(error: unknown): string {
  return errorMessage(error as FetchBaseQueryError | SerializedError);
}

/**
 * Step 1 checks the e-mailed code, step 2 sets the new password. The code stays in memory only:
 * the server checks it again with the new password, and it is never written to storage.
 */
export function ResetPasswordScreen() {
  useDocumentTitle('Reset Password');
  const dispatch = useDispatch();
  const [email] = useState(readResetEmail);
  const [step, setStep] = useState<Step>('code');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [checkResetCode, { isLoading: isChecking }] = useCheckResetCodeMutation();
  const [resendCode, { isLoading: isResending }] = useForgotPasswordMutation();
  const [resetPassword, { isLoading: isResetting }] = useResetPasswordMutation();

  if (step === 'done') {
    return (
      <FormContainer>
        <h1>Reset Password</h1>
        <Message variant="success">
          Your password has been reset. Please <Link to="/login">log in</Link> with your new
          password.
        </Message>
      </FormContainer>
    );
  }

  if (!email) {
    return (
      <FormContainer>
        <h1>Reset Password</h1>
        <Message>
          To reset your password, first{' '}
          <Link to="/forgotpassword">ask for a verification code</Link>.
        </Message>
      </FormContainer>
    );
  }

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email) return;
    setFailure(null);
    setResent(false);
    try {
      await checkResetCode({ email, resetToken: code.trim() }).unwrap();
      markVerified();
      setStep('password');
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  async function handleResend() {
    if (!email) return;
    setFailure(null);
    setResent(false);
    try {
      await resendCode({ email }).unwrap();
      setCode('');
      setResent(true);
    } catch (error) {
      setFailure(failureText(error));
      dispatch(showNotification('emailNotFound'));
    }
  }

  async function handleChangePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email) return;
    setFailure(null);
    try {
      await resetPassword({ email, resetToken: code.trim(), newPassword }).unwrap();
      finishReset();
      setStep('done');
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  return (
    <FormContainer>
      <h1>Reset Password</h1>
      {step === 'code' ? (
        <>
          <p>
            We sent a verification code to <strong>{email}</strong>. The code is valid only for{' '}
            {RESET_CODE_TTL_MINUTES} minutes.
          </p>
          {resent && <Message variant="success">A new code has been sent to {email}.</Message>}
          {failure && <Message variant="danger">{failure}</Message>}
          <Form onSubmit={(event) => void handleVerify(event)}>
            <TextField
              controlId="reset-code"
              label="Verification Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={RESET_CODE_LENGTH}
              placeholder={`Enter the ${RESET_CODE_LENGTH}-digit code`}
              value={code}
              onChange={setCode}
            />
            <div className="d-flex gap-2">
              <Button type="submit" variant="dark" disabled={isChecking}>
                Verify Code
              </Button>
              <Button
                type="button"
                variant="outline-dark"
                disabled={isResending}
                onClick={() => void handleResend()}
              >
                Resend Code
              </Button>
            </div>
          </Form>
        </>
      ) : (
        <>
          <Message variant="success">Great! You are verified. Create a new password.</Message>
          {failure && <Message variant="danger">{failure}</Message>}
          <Form onSubmit={(event) => void handleChangePassword(event)}>
            <NewPasswordField value={newPassword} onChange={setNewPassword} />
            <Button type="submit" variant="dark" disabled={isResetting}>
              Change Password
            </Button>
          </Form>
        </>
      )}
    </FormContainer>
  );
}
