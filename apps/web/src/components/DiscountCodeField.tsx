import { normalizeCode } from '@proshop/domain/discounts';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../lib/error-message.ts';
import { loginPathFor } from '../lib/login-redirect.ts';
import {
  orderItemsOf,
  useLazyCheckDiscountQuery,
  type CartDiscount,
} from '../state/cart-discount.ts';
import { applyDiscountCode, removeDiscountCode, selectCart } from '../state/cart-slice.ts';
import { selectUserInfo } from '../state/session-slice.ts';

/**
 * The "Discount code" field of the cart and the place-order screen: Apply asks the server whether
 * the code applies to the cart's lines and keeps it only if it does; a code kept shows whether it
 * still applies, with Remove. Every message is read out as it changes (aria-live).
 */
export function DiscountCodeField({ discount }: { discount: CartDiscount }) {
  const { cartItems, guest } = useSelector(selectCart);
  const signedIn = useSelector(selectUserInfo) !== null;
  // A code is checked for a known customer: the account, or the guest by their e-mail.
  const buyerKnown = signedIn || guest !== null;
  const dispatch = useDispatch();
  const location = useLocation();
  const [typed, setTyped] = useState('');
  const orderItems = orderItemsOf(cartItems);
  // A refusal holds for the lines it was given for: a changed cart may take the code.
  const linesKey = JSON.stringify(orderItems);
  const [refused, setRefused] = useState<{ message: string; linesKey: string } | null>(null);
  const refusal = refused?.linesKey === linesKey ? refused.message : null;
  const [check, { isFetching: applying }] = useLazyCheckDiscountQuery();
  const inputId = useId();
  const statusId = useId();

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCode(typed);
    if (!code) return;
    setRefused(null);
    try {
      // The same arguments as the screen's own check, so that check finds this answer cached.
      await check({
        code,
        orderItems,
        ...(!signedIn && guest && { email: guest.email }),
      }).unwrap();
      dispatch(applyDiscountCode(code));
      setTyped('');
    } catch (failure) {
      setRefused({
        message: errorMessage(failure as Parameters<typeof errorMessage>[0]),
        linesKey,
      });
    }
  };

  const remove = () => {
    setRefused(null);
    dispatch(removeDiscountCode());
  };

  let status = null;
  if (refusal) status = <span className="text-danger">{refusal}</span>;
  else if (discount.code && !buyerKnown) {
    status = (
      <span>
        <Link to={loginPathFor(location)}>Sign in</Link> to use discount code {discount.code}.
      </span>
    );
  } else if (discount.problem) {
    status = <span className="text-danger">{discount.problem}</span>;
  } else if (discount.applied) {
    status = <span className="text-success">Discount code {discount.applied.code} applied</span>;
  } else if (discount.checking) status = <span>Checking discount code {discount.code}…</span>;

  return (
    <Form onSubmit={(event) => void apply(event)} aria-label="Discount code">
      {discount.code || !buyerKnown ? (
        <div className="form-label mb-1">Discount code</div>
      ) : (
        <Form.Label htmlFor={inputId} className="mb-1">
          Discount code
        </Form.Label>
      )}
      {discount.code ? (
        // One code per order: the one kept is removed before another is applied.
        <div className="d-flex align-items-center justify-content-between gap-2">
          <strong>{discount.code}</strong>
          <Button type="button" variant="outline-dark" size="sm" onClick={remove}>
            Remove
          </Button>
        </div>
      ) : buyerKnown ? (
        <InputGroup>
          <Form.Control
            id={inputId}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setRefused(null);
            }}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={statusId}
            aria-invalid={refusal ? true : undefined}
          />
          <Button
            type="submit"
            variant="outline-dark"
            disabled={applying || !typed.trim() || cartItems.length === 0}
          >
            Apply
          </Button>
        </InputGroup>
      ) : (
        // The check needs the customer (first order, uses per customer); place order asks for
        // the sign-in anyway.
        <p className="mb-0 small">
          <Link to={loginPathFor(location)}>Sign in</Link> to use a discount code, or enter it when
          you place your order.
        </p>
      )}
      <div id={statusId} className="small mt-1" aria-live="polite">
        {status}
      </div>
    </Form>
  );
}
