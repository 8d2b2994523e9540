import type { Address } from '@proshop/domain/address-schemas';
import { shippingAddressSchema, type ShippingAddress } from '@proshop/domain/order-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { RequireBuyer } from '../../components/RequireBuyer.tsx';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ADDRESS_FIELDS, addressLine } from '../../lib/address-fields.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useAddAddressMutation, useGetAddressesQuery } from '../../state/address-book-api.ts';
import { saveShippingAddress, selectCart } from '../../state/cart-slice.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { EmailConfirmationNote, useEmailConfirmation } from './EmailConfirmationNote.tsx';
import { CheckoutPage } from './RunningTotal.tsx';

type Field = keyof ShippingAddress;

const emptyAddress: ShippingAddress = { address: '', city: '', postalCode: '', country: '' };

const NEW_ADDRESS = 'new';

const fieldsOf = ({ address, city, postalCode, country }: ShippingAddress): ShippingAddress => ({
  address,
  city,
  postalCode,
  country,
});

const sameAddress = (a: ShippingAddress, b: ShippingAddress) =>
  ADDRESS_FIELDS.every(({ name }) => a[name] === b[name]);

/**
 * The saved address first chosen: the one the cart already ships to, else the default; a new
 * address when the cart ships elsewhere or the book is empty.
 */
function firstChoice(book: readonly Address[], current: ShippingAddress | null): string {
  const match = current ? book.find((saved) => sameAddress(saved, current)) : undefined;
  if (match) return match._id;
  if (current) return NEW_ADDRESS;
  return (book.find((saved) => saved.isDefault) ?? book[0])?._id ?? NEW_ADDRESS;
}

/** Step 2 once the address book is known: its addresses to pick from, or a new one. */
function ShippingChoice() {
  // A guest has no address book.
  const signedIn = useSelector(selectUserInfo) !== null;
  const { data: book, isLoading } = useGetAddressesQuery(undefined, { skip: !signedIn });
  // The book is small and quick; the form waits for it so the default is chosen from the start.
  if (isLoading) return null;
  return <ShippingForm book={book ?? []} signedIn={signedIn} />;
}

function ShippingForm({ book, signedIn }: { book: readonly Address[]; signedIn: boolean }) {
  const { shippingAddress } = useSelector(selectCart);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [values, setValues] = useState<ShippingAddress>(shippingAddress ?? emptyAddress);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [choice, setChoice] = useState(() => firstChoice(book, shippingAddress));
  const [saveToBook, setSaveToBook] = useState(false);
  const [addAddress, adding] = useAddAddressMutation();
  const chosen = book.find((saved) => saved._id === choice);
  const confirmation = useEmailConfirmation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen) {
      dispatch(saveShippingAddress(fieldsOf(chosen)));
      void navigate('/payment');
      return;
    }
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
    if (saveToBook) {
      try {
        await addAddress(parsed.data).unwrap();
      } catch {
        return; // Shown from the mutation's state.
      }
    }
    dispatch(saveShippingAddress(parsed.data));
    void navigate('/payment');
  }

  return (
    <CheckoutPage current={2}>
      <h1>Shipping</h1>
      {/* Said before the shopper types an address, not only when Place Order is refused. */}
      <EmailConfirmationNote confirmation={confirmation} />
      <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
        {book.length > 0 && (
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">Ship to</legend>
            {book.map((saved) => (
              <Form.Check
                key={saved._id}
                type="radio"
                name="shipping-choice"
                id={`shipping-saved-${saved._id}`}
                className="text-break"
                label={`${saved.label ? `${saved.label}: ` : ''}${addressLine(saved)}`}
                checked={choice === saved._id}
                onChange={() => setChoice(saved._id)}
              />
            ))}
            <Form.Check
              type="radio"
              name="shipping-choice"
              id="shipping-new"
              label="A new address"
              checked={choice === NEW_ADDRESS}
              onChange={() => setChoice(NEW_ADDRESS)}
            />
          </fieldset>
        )}
        {adding.error && <Message variant="danger">{errorMessage(adding.error)}</Message>}
        {!chosen &&
          ADDRESS_FIELDS.map(({ name, label, autoComplete }) => (
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
        {!chosen && signedIn && (
          <Form.Check
            id="shipping-save"
            className="mb-3"
            label="Keep it in my profile for next time"
            checked={saveToBook}
            onChange={(event) => setSaveToBook(event.target.checked)}
          />
        )}
        <Button type="submit" variant="dark" disabled={adding.isLoading}>
          Continue
        </Button>
      </Form>
    </CheckoutPage>
  );
}

/** Checkout step 2: where the order goes. */
export function ShippingScreen() {
  useDocumentTitle('Shipping');
  return (
    <RequireBuyer>
      <ShippingChoice />
    </RequireBuyer>
  );
}
