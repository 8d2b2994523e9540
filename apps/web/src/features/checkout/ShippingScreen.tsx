import type { Address } from '@proshop/domain/address-schemas';
import { shippingAddressSchema, type ShippingAddress } from '@proshop/domain/order-schemas';
import { SHIPPING_MESSAGES } from '@proshop/domain/shipping-schemas';
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import {
  AddressFields,
  addressListProblems,
  type AddressErrors,
} from '../../components/AddressFields.tsx';
import { RequireBuyer } from '../../components/RequireBuyer.tsx';
import { Message } from '../../components/Message.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import {
  addressLine,
  addressOf,
  addressValues,
  emptyAddress,
  sameAddress,
  type AddressValues,
} from '../../lib/address-fields.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useAddAddressMutation, useGetAddressesQuery } from '../../state/address-book-api.ts';
import { useCartDiscount } from '../../state/cart-discount.ts';
import { saveShippingAddress, saveShippingMethod, selectCart } from '../../state/cart-slice.ts';
import { useAddressQuote } from '../../state/checkout-quote.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { EmailConfirmationNote, useEmailConfirmation } from './EmailConfirmationNote.tsx';
import { CheckoutPage } from './RunningTotal.tsx';
import { effectiveMethod, ShippingMethods } from './ShippingMethods.tsx';

const NEW_ADDRESS = 'new';

/** How long typing pauses before the methods for the address typed so far are asked. */
const ASK_AFTER_MS = 400;

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

/** The form's address as the order sends it, or the reasons it cannot be sent yet. */
function checked(values: AddressValues): { address: ShippingAddress } | { errors: AddressErrors } {
  // The server's own rules, so an address accepted here is never refused with the order.
  const parsed = shippingAddressSchema.safeParse(addressOf(values));
  const errors: AddressErrors = { ...addressListProblems(values) };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[issue.path[0] as keyof AddressValues] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { address: parsed.data };
}

/** The value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

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
  const { shippingAddress, shippingMethod } = useSelector(selectCart);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [values, setValues] = useState<AddressValues>(() =>
    shippingAddress ? addressValues(shippingAddress) : emptyAddress,
  );
  const [errors, setErrors] = useState<AddressErrors>({});
  const [choice, setChoice] = useState(() => firstChoice(book, shippingAddress));
  const [saveToBook, setSaveToBook] = useState(false);
  const [picked, setPicked] = useState(shippingMethod);
  const [checking, setChecking] = useState(false);
  // Why the last Continue was refused by the quote (no zone, no method), until the address changes.
  const [refused, setRefused] = useState<string>();
  const [addAddress, adding] = useAddAddressMutation();
  const chosen = book.find((saved) => saved._id === choice);
  const confirmation = useEmailConfirmation();
  const discount = useCartDiscount();

  // The methods follow the address: the saved one chosen, or the one typed once it is complete.
  const settled = useSettled(values, ASK_AFTER_MS);
  const typed = checked(settled);
  const candidate = chosen
    ? addressOf(addressValues(chosen))
    : 'address' in typed
      ? typed.address
      : undefined;
  const quote = useAddressQuote(discount, candidate);
  // Only an address outside every zone is the address step's business (422); the cart's own
  // problems (a product gone, out of stock) are said at Place Order, as before.
  // Not said of an address the shopper is still changing.
  const current = chosen !== undefined || settled === values;
  const refusal =
    current && quote.error && statusOf(quote.error) === 422 ? errorMessage(quote.error) : refused;
  const options = quote.quote?.shippingOptions ?? undefined;
  const method = options
    ? effectiveMethod(options, picked, quote.quote?.shippingMethod ?? null)
    : null;
  const noMethod = current && options !== undefined && method === null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let address: ShippingAddress;
    if (chosen) address = addressOf(addressValues(chosen));
    else {
      const result = checked(values);
      if ('errors' in result) {
        setErrors(result.errors);
        return;
      }
      address = result.address;
    }
    // Asked now (or answered from the last ask): the shop must ship there before payment.
    setChecking(true);
    const asked = await quote.askFor(address);
    setChecking(false);
    if (asked?.error && statusOf(asked.error) === 422) {
      setRefused(errorMessage(asked.error));
      return;
    }
    const answered = asked?.data?.shippingOptions;
    const methodId = answered
      ? effectiveMethod(answered, picked, asked?.data?.shippingMethod ?? null)
      : null;
    if (answered && methodId === null) {
      setRefused(SHIPPING_MESSAGES.noMethod);
      return;
    }
    if (!chosen && saveToBook) {
      try {
        await addAddress(address).unwrap();
      } catch {
        return; // Shown from the mutation's state.
      }
    }
    dispatch(saveShippingAddress(address));
    dispatch(saveShippingMethod(methodId));
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
                onChange={() => {
                  setChoice(saved._id);
                  setRefused(undefined);
                }}
              />
            ))}
            <Form.Check
              type="radio"
              name="shipping-choice"
              id="shipping-new"
              label="A new address"
              checked={choice === NEW_ADDRESS}
              onChange={() => {
                setChoice(NEW_ADDRESS);
                setRefused(undefined);
              }}
            />
          </fieldset>
        )}
        {adding.error && <Message variant="danger">{errorMessage(adding.error)}</Message>}
        {!chosen && (
          <AddressFields
            prefix="shipping"
            values={values}
            errors={errors}
            placeholders
            onChange={(next, changed) => {
              setValues(next);
              setErrors({ ...errors, [changed]: undefined });
              setRefused(undefined);
            }}
          />
        )}
        {!chosen && signedIn && (
          <Form.Check
            id="shipping-save"
            className="mb-3"
            label="Keep it in my profile for next time"
            checked={saveToBook}
            onChange={(event) => setSaveToBook(event.target.checked)}
          />
        )}
        {refusal && <Message variant="danger">{refusal}</Message>}
        {options && options.length > 0 && (
          <ShippingMethods options={options} chosen={method} onChoose={setPicked} />
        )}
        {noMethod && !refusal && <Message variant="danger">{SHIPPING_MESSAGES.noMethod}</Message>}
        <Button
          type="submit"
          variant="dark"
          disabled={adding.isLoading || checking || (current && refusal !== undefined) || noMethod}
        >
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
