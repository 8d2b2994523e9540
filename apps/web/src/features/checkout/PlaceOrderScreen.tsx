import { formatMoney } from '@proshop/domain/money';
import { isPaymentMethod } from '@proshop/domain/payment-methods';
import { FREE_SHIPPING_ABOVE_CENTS } from '@proshop/domain/prices';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useNavigate } from 'react-router';
import { DiscountCodeField } from '../../components/DiscountCodeField.tsx';
import { Message } from '../../components/Message.tsx';
import { OrderLines } from '../../components/OrderLines.tsx';
import { OrderSummary } from '../../components/OrderSummary.tsx';
import { RequireAuth } from '../../components/RequireAuth.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { removeStored } from '../../lib/browser-storage.ts';
import { orderItemsOf, useCartDiscount } from '../../state/cart-discount.ts';
import { useRefreshCartLines } from '../../state/cart-products.ts';
import { CART_ITEMS_KEY, DISCOUNT_CODE_KEY, reset, selectCart } from '../../state/cart-slice.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { CheckoutSteps } from './CheckoutSteps.tsx';
import { usePlaceOrderMutation } from './checkout-api.ts';
import { newIdempotencyKey } from './idempotency-key.ts';

/** The pause between placing the order and emptying the cart in the store. */
const CART_RESET_DELAY_MS = 2000;

function PlaceOrder() {
  const { cartItems, shippingAddress, paymentMethod } = useSelector(selectCart);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const refreshCartLines = useRefreshCartLines();
  const [placeOrder, { isLoading, error }] = usePlaceOrderMutation();
  // One key for this visit of the page: every click and retry names the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Called before the redirects below: a hook runs on every render or none.
  const discount = useCartDiscount();

  // The steps run in order: address first, then a method the shop offers.
  if (!shippingAddress) return <Navigate to="/shipping" replace />;
  if (!isPaymentMethod(paymentMethod)) return <Navigate to="/payment" replace />;

  // The shared rule's prices, with the discount when the code applies to these lines now.
  const { prices, applied } = discount;
  const isEmpty = cartItems.length === 0;

  const handlePlaceOrder = async () => {
    try {
      const order = await placeOrder({
        idempotencyKey,
        order: {
          // A line of a product with options names its variant; the others' is implicit.
          orderItems: orderItemsOf(cartItems),
          shippingAddress,
          paymentMethod,
          // Only a code that applies: one refused now is shown refused, and the order is
          // placed at the prices shown, without it. The server checks it again and computes
          // the discount itself; a figure that differs is a 409, as for prices.
          ...(applied && { discountCode: applied.code }),
          ...prices,
        },
      }).unwrap();
      // Gone from storage at once, so a reload cannot bring the ordered cart back; the store
      // keeps it for 2 seconds while the order page opens.
      removeStored(CART_ITEMS_KEY);
      removeStored(DISCOUNT_CODE_KEY);
      setTimeout(() => dispatch(reset()), CART_RESET_DELAY_MS);
      // The order page thanks the shopper for it (and only this once: the state is the visit's).
      void navigate(`/order/${order._id}`, { state: { placed: true } });
    } catch (failure) {
      // Refused because the cart went stale (prices, stock, a product gone): show the shopper
      // today's amounts next to the server's message before they try again.
      if (typeof failure === 'object' && failure !== null && 'status' in failure) {
        const { status } = failure;
        if (status === 400 || status === 409) await refreshCartLines(cartItems);
        // The code may have stopped applying (used up, ended): its field says so.
        if (typeof status === 'number' && status >= 400 && status < 500) discount.recheck();
      }
    }
  };

  return (
    <>
      <CheckoutSteps current={4} />
      <h1>Place Order</h1>
      <Row className="g-4">
        <Col md={8}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2>Shipping</h2>
              {/* text-break: a long street name wraps within a phone's width. */}
              <p className="mb-0 text-break">
                <strong>Address: </strong>
                {shippingAddress.address}, {shippingAddress.city} {shippingAddress.postalCode},{' '}
                {shippingAddress.country}
              </p>
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
          >
            {!isEmpty && (
              <ListGroup.Item as="li">
                <DiscountCodeField discount={discount} />
              </ListGroup.Item>
            )}
            {error && (
              <ListGroup.Item as="li">
                <Message variant="danger">{errorMessage(error)}</Message>
              </ListGroup.Item>
            )}
            <ListGroup.Item as="li">
              <Button
                type="button"
                variant="primary"
                className="w-100"
                // While the code is checked against the lines, the figures may still change.
                disabled={isEmpty || isLoading || discount.checking}
                onClick={() => void handlePlaceOrder()}
              >
                Place Order
              </Button>
            </ListGroup.Item>
            <ListGroup.Item as="li">
              <small>
                *Free shipping for total items over{' '}
                {formatMoney(FREE_SHIPPING_ABOVE_CENTS, shopCurrency, { trimZeroCents: true })}
              </small>
            </ListGroup.Item>
          </OrderSummary>
        </Col>
      </Row>
    </>
  );
}

/** Checkout step 4: everything the shopper is about to order, priced by the shared rule. */
export function PlaceOrderScreen() {
  useDocumentTitle('Place Order');
  return (
    <RequireAuth>
      <PlaceOrder />
    </RequireAuth>
  );
}
