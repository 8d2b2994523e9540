import type { InputHTMLAttributes, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

/**
 * The input's own attributes that forms set. Formats (e-mail, numbers) are enforced only by the
 * browser's field types, so `type` must reach the input unchanged.
 */
type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'type'
  | 'autoComplete'
  | 'required'
  | 'placeholder'
  | 'inputMode'
  | 'maxLength'
  | 'min'
  | 'step'
  | 'list'
>;

interface TextFieldProps extends InputAttributes {
  /** The input's id; the label names it, which is how screen readers and `getByLabel` find it. */
  controlId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  /** What is wrong with the value: marks the input invalid and shows the text under it. */
  error?: string;
  /** A control joined to the right of the input, such as a show-password button. */
  addon?: ReactNode;
  /** What the value must be, shown under the field before anything is typed. */
  hint?: string;
}

/** One labelled text field of a form, so every form's fields share the same markup. */
export function TextField({
  controlId,
  label,
  value,
  onChange,
  rows,
  error,
  addon,
  hint,
  ...inputAttributes
}: TextFieldProps) {
  // Screen readers announce the field as invalid and read the message with it, not only the
  // red border sighted users see.
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint === undefined ? '' : hintId, error === undefined ? '' : errorId]
    .filter(Boolean)
    .join(' ');
  const control = (
    <Form.Control
      {...inputAttributes}
      // Without `as`, react-bootstrap renders its default, an input.
      as={rows === undefined ? undefined : 'textarea'}
      rows={rows}
      value={value}
      isInvalid={error !== undefined}
      aria-invalid={error !== undefined || undefined}
      aria-describedby={describedBy || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  const feedback = error !== undefined && (
    <Form.Control.Feedback id={errorId} type="invalid">
      {error}
    </Form.Control.Feedback>
  );
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      {addon === undefined ? (
        <>
          {control}
          {feedback}
        </>
      ) : (
        // Bootstrap shows the message only as a sibling of the invalid input, so inside the group
        // (hasValidation keeps the corners right with it last).
        <InputGroup hasValidation={error !== undefined}>
          {control}
          {addon}
          {feedback}
        </InputGroup>
      )}
      {hint !== undefined && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
