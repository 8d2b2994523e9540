import Form from 'react-bootstrap/Form';

interface QuantitySelectProps {
  id: string;
  label: string;
  /** The most that can be chosen; 0 disables it. */
  max: number;
  value: number;
  onChange: (qty: number) => void;
}

/** A labelled choice of 0 to `max` units of an order line (refunds, return requests). */
export function QuantitySelect({ id, label, max, value, onChange }: QuantitySelectProps) {
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Select
        size="sm"
        disabled={max === 0}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {Array.from({ length: max + 1 }, (_, qty) => (
          <option key={qty} value={qty}>
            {qty}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
