import { PASSWORD_RULE } from '@proshop/domain/password-rule';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { TextField } from '../../components/TextField.tsx';

interface NewPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** A new-password input whose text can be shown, so a password typed once is typed right. */
export function NewPasswordField({ value, onChange }: NewPasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      controlId="reset-new-password"
      label="New Password"
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      required
      placeholder="Enter new password"
      hint={PASSWORD_RULE}
      value={value}
      onChange={onChange}
      addon={
        <Button
          type="button"
          variant="outline-secondary"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      }
    />
  );
}
