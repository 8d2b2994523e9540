import { addressRequestSchema, type Address } from '@proshop/domain/address-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Message } from '../../components/Message.tsx';
import { AddressFields, addressListProblems } from '../../components/AddressFields.tsx';
import { TextField } from '../../components/TextField.tsx';
import {
  addressOf,
  addressValues,
  emptyAddress,
  type AddressValues,
} from '../../lib/address-fields.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useAddAddressMutation, useUpdateAddressMutation } from '../../state/address-book-api.ts';

type Values = AddressValues & { label: string };
type Field = keyof Values;

const empty: Values = { ...emptyAddress, label: '' };

/** A saved address as the form edits it (an old free-text country chosen from the list). */
const valuesOf = (address: Address): Values => ({
  ...addressValues(address),
  label: address.label,
});

interface AddressFormProps {
  /** The address edited; none to add one. */
  editing?: Address;
  onDone: () => void;
}

/** Adds or edits an address of the book, checked by the server's own schema before sending. */
export function AddressForm({ editing, onDone }: AddressFormProps) {
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing) : empty));
  const [makeDefault, setMakeDefault] = useState(editing?.isDefault ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [add, adding] = useAddAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const failure = adding.error ?? updating.error;
  const prefix = editing ? `address-${editing._id}` : 'address-new';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { label, ...fields } = values;
    const request = {
      label,
      ...addressOf(fields),
      ...(makeDefault ? { isDefault: true } : editing?.isDefault ? { isDefault: false } : {}),
    };
    const parsed = addressRequestSchema.safeParse(request);
    const found: Partial<Record<Field, string>> = { ...addressListProblems(fields) };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    }
    if (!parsed.success || Object.keys(found).length > 0) {
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

  return (
    <Form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="border rounded p-3 mb-3"
    >
      {failure && <Message variant="danger">{errorMessage(failure)}</Message>}
      <TextField
        controlId={`${prefix}-label`}
        label="Label (e.g. Home)"
        type="text"
        autoComplete="off"
        value={values.label}
        error={errors.label}
        onChange={(label) => {
          setValues({ ...values, label });
          setErrors({ ...errors, label: undefined });
        }}
      />
      <AddressFields
        prefix={prefix}
        values={values}
        errors={errors}
        onChange={(next, changed) => {
          setValues({ ...next, label: values.label });
          setErrors({ ...errors, [changed]: undefined });
        }}
      />
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
