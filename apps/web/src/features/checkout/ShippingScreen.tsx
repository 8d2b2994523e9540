import { shippingAddressSchema, type ShippingAddress } from '@proshop/domain/order-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { RequireAuth } from '../../components/RequireAuth.tsx';
import { TextField } from '../../components/TextField.tsx';
import { saveShippingAddress, selectCart } from '../../state/cart-slice.ts';
import { CheckoutSteps } from './CheckoutSteps.tsx';

type Field = keyof ShippingAddress;

const fields: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

const emptyAddress: ShippingAddress = { address: '', city: '', postalCode: '', country: '' };

function ShippingForm() {
  const { shippingAddress } = useSelector(selectCart);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [values, setValues] = useState<ShippingAddress>(shippingAddress ?? emptyAddress);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rules, so an address accepted here is never refused with the order.
    const parsed = shippingAddressSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    dispatch(saveShippingAddress(parsed.data));
    void navigate('/payment');
  }

  return (
    <FormContainer>
      <CheckoutSteps current={2} />
      <h1>Shipping</h1>
      <Form noValidate onSubmit={handleSubmit}>
        {fields.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            controlId={`shipping-${name}`}
            label={label}
            type="text"
            required
            autoComplete={`shipping ${autoComplete}`}
            placeholder={`Enter ${label.toLowerCase()}`}
            value={values[name]}
            error={errors[name]}
            onChange={(value) => {
              setValues({ ...values, [name]: value });
              setErrors({ ...errors, [name]: undefined });
            }}
          />
        ))}
        <Button type="submit" variant="dark">
          Continue
        </Button>
      </Form>
    </FormContainer>
  );
}

/** Checkout step 2: where the order goes. */
export function ShippingScreen() {
  return (
    <RequireAuth>
      <ShippingForm />
    </RequireAuth>
  );
}
