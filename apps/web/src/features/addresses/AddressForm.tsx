import { addressRequestSchema, type Address } from '@proshop/domain/address-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ADDRESS_FIELDS } from '../../lib/address-fields.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useAddAddressMutation, useUpdateAddressMutation } from '../../state/address-book-api.ts';

type Values = Pick<Address, 'label' | 'address' | 'city' | 'postalCode' | 'country'>;
type Field = keyof Values;

const empty: Values = { label: '', address: '', city: '', postalCode: '', country: '' };

interface AddressFormProps {
  /** The address edited; none to add one. */
  editing?: Address;
  onDone: () => void;
}

/** Adds or edits an address of the book, checked by the server's own schema before sending. */
export function AddressForm({ editing, onDone }: AddressFormProps) {
  const [values, setValues] = useState<Values>(editing ?? empty);
  const [makeDefault, setMakeDefault] = useState(editing?.isDefault ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [add, adding] = useAddAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const failure = adding.error ?? updating.error;
  const prefix = editing ? `address-${editing._id}` : 'address-new';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = {
      label: values.label,
      address: values.address,
      city: values.city,
      postalCode: values.postalCode,
      country: values.country,
      ...(makeDefault ? { isDefault: true } : editing?.isDefault ? { isDefault: false } : {}),
    };
    const parsed = addressRequestSchema.safeParse(request);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      if (editing) await update({ id: editing._id, address: request }).unwrap();
      else await add(request).unwrap();
      onDone();
    } catch {
      // Shown from the mutation's state.
    }
  }

  const field = (name: Field, label: string, autoComplete: string, required = true) => (
    <TextField
      key={name}
      controlId={`${prefix}-${name}`}
      label={label}
      type="text"
      required={required}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        setValues({ ...values, [name]: value });
        setErrors({ ...errors, [name]: undefined });
      }}
    />
  );

  return (
    <Form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="border rounded p-3 mb-3"
    >
      {failure && <Message variant="danger">{errorMessage(failure)}</Message>}
      {field('label', 'Label (e.g. Home)', 'off', false)}
      {ADDRESS_FIELDS.map(({ name, label, autoComplete }) =>
        field(name, label, `shipping ${autoComplete}`),
      )}
      <Form.Check
        id={`${prefix}-default`}
        className="mb-3"
        label="Make this my default"
        checked={makeDefault}
        onChange={(event) => setMakeDefault(event.target.checked)}
      />
      <div className="d-flex gap-2">
        <Button type="submit" variant="dark" disabled={adding.isLoading || updating.isLoading}>
          Save Address
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
