import type { Quote } from '@proshop/domain/checkout-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import { orderLabel } from '@proshop/domain/order-number';
import { isPaymentMethod } from '@proshop/domain/payment-methods';
import type { OrderPrices } from '@proshop/domain/prices';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useNavigate } from 'react-router';
import { DiscountCodeField } from '../../components/DiscountCodeField.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { OrderLines } from '../../components/OrderLines.tsx';
import { OrderSummary } from '../../components/OrderSummary.tsx';
import { ProviderPayment } from '../../components/payment/ProviderPayment.tsx';
import { RequireBuyer } from '../../components/RequireBuyer.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { removeStored } from '../../lib/browser-storage.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { useCartDiscount } from '../../state/cart-discount.ts';
import { useRefreshCartLines } from '../../state/cart-products.ts';
import { CART_ITEMS_KEY, DISCOUNT_CODE_KEY, reset, selectCart } from '../../state/cart-slice.ts';
import { addressLine } from '../../lib/address-fields.ts';
import {
  cartGuest,
  methodProblem,
  quoteDetails,
  freeShippingAboveCents,
  useCheckoutQuote,
} from '../../state/checkout-quote.ts';
import { orderPagePath, useGetPayConfigQuery } from '../../state/payment-api.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { CheckoutSteps } from './CheckoutSteps.tsx';
import { EmailConfirmationNote, useEmailConfirmation } from './EmailConfirmationNote.tsx';
import { RunningTotal } from './RunningTotal.tsx';
import { usePlaceOrderMutation, type PlacedRef } from './checkout-api.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import { useCheckoutPayment } from './use-checkout-payment.ts';

/** The pause between placing the order and emptying the cart in the store. */
const CART_RESET_DELAY_MS = 2000;

/** A quote with every figure worked out: what the order will cost once the address is known. */
type CompleteQuote = Quote & OrderPrices;

function isComplete(quote: Quote | undefined): quote is CompleteQuote {
  return (
    quote !== undefined &&
    quote.shippingPrice !== null &&
    quote.taxPrice !== null &&
    quote.totalPrice !== null
  );
}

/** The order's page: a guest's opens with the key of its link. */
function orderPageOf({ id, accessKey }: PlacedRef): string {
  return orderPagePath({ orderId: id, key: accessKey });
}

function statusOf(failure: unknown): unknown {
  return typeof failure === 'object' && failure !== null && 'status' in failure
    ? failure.status
    : undefined;
}

/** The placed order this visit of the page made, with its number for the shopper. */
type Placed = PlacedRef & { orderNumber: number };

function PlaceOrder() {
  const cart = useSelector(selectCart);
  const { cartItems, shippingAddress, shippingMethod, paymentMethod } = cart;
  const signedIn = useSelector(selectUserInfo) !== null;
  const guest = cartGuest(cart);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const refreshCartLines = useRefreshCartLines();
  const [placeOrder, { isLoading, error }] = usePlaceOrderMutation();
  // One key for this visit of the page: every click and retry names the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Once placed (Place Order, or the start of a payment), this visit's order: a second attempt
  // to pay pays it rather than placing another.
  const [placed, setPlaced] = useState<Placed | null>(null);
  const placedRef = useRef<Placed | null>(null);
  // Called before the redirects below: a hook runs on every render or none.
  const discount = useCartDiscount();
  const quote = useCheckoutQuote(discount);
  const confirmation = useEmailConfirmation();
  const { data: payConfig } = useGetPayConfigQuery();

  // The server priced the items differently from the cart's copies (a price changed since the
  // cart was filled): the lines are brought up to date, so they add up to the figures shown.
  const quotedItems = quote.quote?.itemsPrice;
  const stale =
    quotedItems !== undefined && toCents(quotedItems) !== toCents(discount.prices.itemsPrice);
  const latestItems = useRef(cartItems);
  useEffect(() => {
    latestItems.current = cartItems;
  });
  useEffect(() => {
    if (stale) void refreshCartLines(latestItems.current);
  }, [stale, refreshCartLines]);

  const finish = (order: PlacedRef) => {
    // Gone from storage at once, so a reload cannot bring the ordered cart back; the store
    // keeps it for 2 seconds while the order page opens.
    removeStored(CART_ITEMS_KEY);
    removeStored(DISCOUNT_CODE_KEY);
    setTimeout(() => dispatch(reset()), CART_RESET_DELAY_MS);
    // The order page thanks the shopper for it (and only this once: the state is the visit's).
    void navigate(orderPageOf(order), { state: { placed: true } });
  };

  const figures = isComplete(quote.quote) && !quote.fetching ? quote.quote : undefined;

  /** Places the order once, at the figures shown; later calls answer the same order. */
  const place = async (): Promise<PlacedRef> => {
    if (placedRef.current) return placedRef.current;
    if (!figures || !quote.request || !shippingAddress || !isPaymentMethod(paymentMethod)) {
      throw new Error('The total is still being worked out. Please try again in a moment.');
    }
    const { itemsPrice, discountPrice, shippingPrice, taxPrice, totalPrice } = figures;
    try {
      const order = await placeOrder({
        idempotencyKey,
        order: {
          // The lines, code and figures the quote answered: the server prices the order by the
          // same rule, so only a change since (a price, the stock, the code's uses) is a 409.
          orderItems: quote.request.orderItems,
          shippingAddress,
          // The method the figures are for (none kept: the zone's first that can carry it).
          ...(quote.request.shippingMethod && { shippingMethod: quote.request.shippingMethod }),
          paymentMethod,
          ...(figures.discountCode && { discountCode: figures.discountCode }),
          itemsPrice,
          discountPrice,
          shippingPrice,
          taxPrice,
          totalPrice,
          // Without a session the guest's details say who buys.
          ...(!signedIn && guest && { guest }),
        },
      }).unwrap();
      const made = { id: order._id, accessKey: order.accessKey, orderNumber: order.orderNumber };
      placedRef.current = made;
      setPlaced(made);
      return made;
    } catch (failure) {
      // Refused because the cart went stale (prices, stock, a product gone): show the shopper
      // today's amounts next to the server's message before they try again.
      // The quote is asked again for the same lines: their prices are not part of its question.
      const status = statusOf(failure);
      if (status === 400 || status === 409) {
        await refreshCartLines(cartItems);
        quote.refetch();
      }
      // The code may have stopped applying (used up, ended): its field says so, and the quote
      // follows without it.
      if (typeof status === 'number' && status >= 400 && status < 500) discount.recheck();
      throw failure;
    }
  };

  const payment = useCheckoutPayment(place, finish);

  // The steps run in order: address first, then a method the shop offers.
  if (!shippingAddress) return <Navigate to="/shipping" replace />;
  if (!isPaymentMethod(paymentMethod)) return <Navigate to="/payment" replace />;

  const isEmpty = cartItems.length === 0;
  const { applied } = discount;
  // The figures the order will have; the shared rule's until the server's answer is in.
  const prices: OrderPrices =
    figures ?? (isComplete(quote.lastQuote) ? quote.lastQuote : discount.prices);
  const blocked = isEmpty || confirmation.unconfirmed;
  const ready = !blocked && figures !== undefined && !discount.checking && !confirmation.checking;

  const handlePlaceOrder = async () => {
    try {
      finish(await place());
    } catch {
      // Shown from the mutation's state.
    }
  };

  const failure = payment.error ?? (error ? errorMessage(error) : null);
  const shown = quote.quote ?? quote.lastQuote;
  const freeAbove = freeShippingAboveCents(shown);
  const details = quoteDetails(shown);
  const unavailable = methodProblem(shown, shippingMethod);
  const reasonId = 'place-order-blocked';

  return (
    <>
      <CheckoutSteps current={4} />
      {/* On a phone the total is read first, as on every step; on a wide screen the summary
          beside the items says it. */}
      <div className="d-md-none mb-3">
        <RunningTotal />
      </div>
      <h1>Place Order</h1>
      {placed && (
        // The payment did not complete (cancelled, declined, the window closed): the order stays,
        // awaiting payment, here and on its own page.
        <Message>
          Your order {orderLabel(placed.orderNumber)} is placed and awaits payment. Pay for it here,
          or later on <Link to={orderPageOf(placed)}>its page</Link>.
        </Message>
      )}
      <Row className="g-4">
        <Col md={8}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2>Shipping</h2>
              {/* text-break: a long street name wraps within a phone's width. */}
              <p className="mb-0 text-break">
                <strong>Address: </strong>
                {addressLine(shippingAddress)}
              </p>
              {shippingAddress.phone && (
                <p className="mb-0 text-break">
                  <strong>Phone: </strong>
                  {shippingAddress.phone}
                </p>
              )}
              {details.shippingMethod && (
                <p className="mb-0 text-break">
                  <strong>Shipping method: </strong>
                  {details.shippingMethod} <Link to="/shipping">Change</Link>
                </p>
              )}
            </ListGroup.Item>
            <ListGroup.Item>
              <h2>Payment Method</h2>
              <strong>Method: </strong>
              {paymentMethod}
            </ListGroup.Item>
            <ListGroup.Item>
              <h2>Order Items</h2>
              {isEmpty ? (
                <Message>
                  Your cart is empty <Link to="/">Go Back</Link>
                </Message>
              ) : (
                <OrderLines items={cartItems} currency={shopCurrency} />
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col md={4}>
          <OrderSummary
            prices={prices}
            currency={shopCurrency}
            discount={
              applied && { code: applied.code, freeShipping: applied.kind === 'free-shipping' }
            }
            details={details}
          >
            {/* Once placed, the order's code is settled: a new one would need a new order. */}
            {!isEmpty && !placed && (
              <ListGroup.Item as="li">
                <DiscountCodeField discount={discount} />
              </ListGroup.Item>
            )}
            {/* Said once: the refusal of the order may be the quote's reason too. */}
            {unavailable && (
              <ListGroup.Item as="li">
                <Message variant="danger">
                  {unavailable} <Link to="/shipping">Choose a shipping method</Link>
                </Message>
              </ListGroup.Item>
            )}
            {quote.problem && quote.problem !== failure && (
              <ListGroup.Item as="li">
                <Message variant="danger">{quote.problem}</Message>
              </ListGroup.Item>
            )}
            {failure && (
              <ListGroup.Item as="li">
                <Message variant="danger">{failure}</Message>
              </ListGroup.Item>
            )}
            {!blocked && payConfig && (
              <ListGroup.Item as="li">
                <h3 className="fs-6">Pay now</h3>
                {payment.capturing && <Loader />}
                <ProviderPayment config={payConfig} method={paymentMethod} payment={payment} />
              </ListGroup.Item>
            )}
            <ListGroup.Item as="li">
              <EmailConfirmationNote confirmation={confirmation} id={reasonId} />
              <Button
                type="button"
                variant="primary"
                className="w-100"
                // While the code is checked against the lines, the figures may still change.
                disabled={!ready || isLoading}
                aria-describedby={confirmation.unconfirmed ? reasonId : undefined}
                onClick={() => void handlePlaceOrder()}
              >
                Place Order
              </Button>
              {!blocked && (
                <p className="small text-body-secondary mt-1 mb-0">
                  Places the order without paying; pay for it later on its page.
                </p>
              )}
            </ListGroup.Item>
            {freeAbove !== null && (
              <ListGroup.Item as="li">
                <small>
                  *Free shipping for total items over{' '}
                  {formatMoney(freeAbove, shopCurrency, { trimZeroCents: true })}
                </small>
              </ListGroup.Item>
            )}
          </OrderSummary>
        </Col>
      </Row>
    </>
  );
}

/**
 * Checkout step 4: everything the shopper is about to order, priced by the server's quote, paid
 * for here with the provider's buttons, or placed to be paid later (issue #37).
 */
export function PlaceOrderScreen() {
  useDocumentTitle('Place Order');
  return (
    <RequireBuyer>
      <PlaceOrder />
    </RequireBuyer>
  );
}
