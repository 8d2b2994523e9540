import type { User } from '@proshop/domain/user-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { EMAIL_FIELD, NAME_FIELD } from './account-fields.ts';
import { PASSWORDS_DO_NOT_MATCH } from './password-texts.ts';
import { useUpdateProfileMutation } from './users-api.ts';

type Outcome = 'updated' | 'mismatch' | null;

/** Name and e-mail as saved; a password typed here replaces the current one. */
export function ProfileForm({ user }: { user: User }) {
  const [updateProfile, { isLoading, error, reset }] = useUpdateProfileMutation();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    if (password !== confirmPassword) {
      setOutcome('mismatch');
      return;
    }
    setOutcome(null);
    try {
      const updated = await updateProfile({
        name,
        email,
        password: password || undefined,
      }).unwrap();
      setName(updated.name);
      setEmail(updated.email);
      setPassword('');
      setConfirmPassword('');
      setOutcome('updated');
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  return (
    <>
      {outcome === 'mismatch' && <Message variant="danger">{PASSWORDS_DO_NOT_MATCH}</Message>}
      {outcome === 'updated' && <Message variant="success">Profile Updated</Message>}
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <TextField controlId="profile-name" {...NAME_FIELD} value={name} onChange={setName} />
        <TextField controlId="profile-email" {...EMAIL_FIELD} value={email} onChange={setEmail} />
        <TextField
          controlId="profile-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          placeholder="Leave blank to keep the current one"
          value={password}
          onChange={setPassword}
        />
        <TextField
          controlId="profile-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          placeholder="Confirm new password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <Button type="submit" variant="dark" disabled={isLoading}>
          Update
        </Button>
      </Form>
    </>
  );
}
