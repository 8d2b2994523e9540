import { guestBuyerSchema, type GuestBuyer } from '@proshop/domain/order-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/TextField.tsx';
import { saveGuest, selectCart } from '../../state/cart-slice.ts';
import { EMAIL_FIELD, NAME_FIELD } from './account-fields.ts';

type Field = keyof GuestBuyer;

/**
 * Sign In's second way into checkout (issue #37): an e-mail for the receipt and the order's
 * link, and a name, checked by the server's own schema, then on to `redirect`. Shown only when
 * the shop lets guests buy. Its labels differ from the sign-in form's above it, so each field
 * has a name of its own for the shopper's browser and screen reader.
 */
export function GuestCheckoutForm({ redirect }: { redirect: string }) {
  const saved = useSelector(selectCart).guest;
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [values, setValues] = useState<GuestBuyer>(saved ?? { email: '', name: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = guestBuyerSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    dispatch(saveGuest(parsed.data));
    void navigate(redirect);
  }

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues({ ...values, [name]: value });
      setErrors({ ...errors, [name]: undefined });
    },
  });

  return (
    <section aria-labelledby="guest-checkout-title" className="border-top mt-4 pt-3">
      <h2 id="guest-checkout-title" className="fs-4">
        Check out as a guest
      </h2>
      <p className="text-muted">
        No account needed: we send the receipt and your order&apos;s link to this address.
      </p>
      <Form noValidate onSubmit={handleSubmit}>
        <TextField
          controlId="guest-email"
          {...EMAIL_FIELD}
          label="Your email"
          {...field('email')}
        />
        <TextField controlId="guest-name" {...NAME_FIELD} label="Your name" {...field('name')} />
        <Button type="submit" variant="outline-dark">
          Continue as guest
        </Button>
      </Form>
    </section>
  );
}
