import { signInChanges } from '@proshop/domain/account-changes';
import type { User } from '@proshop/domain/user-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { EMAIL_FIELD, NAME_FIELD } from './account-fields.ts';
import { PASSWORD_RULE } from '@proshop/domain/password-rule';
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
  const [currentPassword, setCurrentPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Asked for only when the change could take the account over (see the server's rule).
  const changes = signInChanges(user.email, { email, password });
  const needsCurrentPassword = changes.email || changes.password;

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
        ...(needsCurrentPassword ? { currentPassword } : {}),
      }).unwrap();
      setName(updated.name);
      setEmail(updated.email);
      setPassword('');
      setConfirmPassword('');
      setCurrentPassword('');
      setOutcome('updated');
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  return (
    <>
      {outcome === 'mismatch' && <Message variant="danger">{PASSWORDS_DO_NOT_MATCH}</Message>}
      {outcome === 'updated' && <Message variant="success">Profile Updated</Message>}
      {user.pendingEmail && (
        <p className="small text-body-secondary text-break">
          We sent a link to {user.pendingEmail}: your e-mail changes to it once you follow the link.
        </p>
      )}
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
          hint={PASSWORD_RULE}
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
        {needsCurrentPassword && (
          <TextField
            controlId="profile-current-password"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            placeholder="Needed to change your e-mail or password"
            required
            value={currentPassword}
            onChange={setCurrentPassword}
          />
        )}
        <Button type="submit" variant="dark" disabled={isLoading}>
          Update
        </Button>
      </Form>
    </>
  );
}
