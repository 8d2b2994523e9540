import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

interface NewPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** A new-password input whose text can be shown, so a password typed once is typed right. */
export function NewPasswordField({ value, onChange }: NewPasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className="mb-3" controlId="reset-new-password">
      <Form.Label>New Password</Form.Label>
      <InputGroup>
        <Form.Control
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          required
          placeholder="Enter new password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button
          type="button"
          variant="outline-secondary"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      </InputGroup>
    </Form.Group>
  );
}
