import { formatMoney, toCents } from '@proshop/domain/money';
import { cartCountLabel } from '@proshop/domain/plural';
import { centsToFreeShipping } from '@proshop/domain/shipping-rules';
import { lineLabel } from '@proshop/domain/variants';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DiscountCodeField } from '../../components/DiscountCodeField.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { DiscountRow } from '../../components/SummaryRow.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useCartDiscount } from '../../state/cart-discount.ts';
import {
  freeShippingAboveCents,
  useCheckoutQuote,
  type CheckoutQuote,
} from '../../state/checkout-quote.ts';
import { cartLineFrom, useGetCartProductQuery } from '../../state/cart-products.ts';
import {
  addItem,
  cartLoadRequested,
  cartNoticeGiven,
  cartNoticeShown,
  lineKey,
  removeItem,
  selectCart,
  selectDistinctItemCount,
  type CartItem,
} from '../../state/cart-slice.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { hideNotifications, showNotification } from '../../state/notifications-slice.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { CartLine } from './CartLine.tsx';
import { DeleteCartItemModal } from './DeleteCartItemModal.tsx';

/** The `qty` of /cart/{id}?qty=N: a whole number from 1, otherwise 1. */
function requestedQty(raw: string | null): number {
  const qty = Number(raw);
  return Number.isInteger(qty) && qty >= 1 ? qty : 1;
}

/**
 * /cart and /cart/{id}?qty=N: the latter first puts that product in the cart. A product with
 * options needs its variant too (`&variant={id}`, as the product page's address names it).
 */
export function CartScreen() {
  const { id } = useParams();
  useDocumentTitle('Shopping Cart');
  return id ? <AddFromAddress key={id} productId={id} /> : <Cart />;
}

function AddFromAddress({ productId }: { productId: string }) {
  const [searchParams] = useSearchParams();
  const qty = requestedQty(searchParams.get('qty'));
  const variantId = searchParams.get('variant');
  const { data: product, error } = useGetCartProductQuery(productId);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const line = useMemo(
    () => product && cartLineFrom(product, qty, variantId),
    [product, qty, variantId],
  );
  const inStock = line !== undefined && line.countInStock > 0;

  useEffect(() => {
    if (!line || line.countInStock < 1) return;
    dispatch(addItem({ ...line, qty: Math.min(line.qty, line.countInStock) }));
    if (line.qty > line.countInStock) {
      const left = line.countInStock;
      const label = lineLabel(line.name, line.options);
      dispatch(
        cartNoticeGiven(`Only ${left} left of ${label}: the quantity was lowered to ${left}.`),
      );
    }
    // The plain cart address from here on, so a reload does not undo a quantity changed later.
    void navigate('/cart', { replace: true });
  }, [line, dispatch, navigate]);

  if (error) return <Cart notice={<Message variant="danger">{errorMessage(error)}</Message>} />;
  if (product && !line) {
    return (
      <Cart
        notice={
          <Message variant="warning">
            {product.name} comes in several versions:{' '}
            <Link to={`/product/${product._id}`} className="alert-link">
              choose one on its page
            </Link>
            .
          </Message>
        }
      />
    );
  }
  if (line && !inStock) {
    return (
      <Cart
        notice={
          <Message variant="warning">{lineLabel(line.name, line.options)} is out of stock.</Message>
        }
      />
    );
  }
  return <Loader />;
}

/**
 * "Add $X more for free shipping" on the items after the discount, from the "free above" of the
 * method the quote priced (the merchant's rule, domain shipping-rules.ts); "Shipping is free"
 * once they qualify. Not said before the address is known, nor for a method that never ships
 * free by amount: no promise the quote cannot vouch for.
 */
function FreeShippingNote({
  discount,
  quote,
}: {
  discount: ReturnType<typeof useCartDiscount>;
  quote: CheckoutQuote;
}) {
  const freeShipping = discount.applied?.kind === 'free-shipping';
  const { itemsPrice, discountPrice } = discount.prices;
  const netCents = toCents(itemsPrice) - toCents(discountPrice);
  const more = centsToFreeShipping(freeShippingAboveCents(quote.quote ?? quote.lastQuote), {
    netCents,
    freeShipping,
  });
  if (more === null) return null;
  return (
    <p className="small text-body-secondary mt-1 mb-0">
      {more === 0
        ? 'Shipping is free.'
        : `Add ${formatMoney(more, shopCurrency)} more for free shipping.`}
    </p>
  );
}

/** One figure of the cart's estimate: its label, and the amount at the end of the line. */
function EstimateRow({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="d-flex justify-content-between">
      <span>{label}</span>
      <span>{formatMoney(toCents(amount), shopCurrency)}</span>
    </div>
  );
}

/**
 * What the order will cost, from the server's quote: until the shipping step has given an
 * address, shipping and tax are not worked out (the shop says so rather than guess); then the
 * figures, as the order will have them if nothing changes.
 */
function CartEstimate({ quote }: { quote: CheckoutQuote }) {
  if (quote.problem) {
    return <p className="small text-danger mb-0">{quote.problem}</p>;
  }
  const figures = quote.quote ?? quote.lastQuote;
  const { shippingPrice, taxPrice, totalPrice } = figures ?? {};
  if (!quote.request?.shippingAddress || shippingPrice == null) {
    return <p className="small mb-0">Shipping and tax are worked out at checkout</p>;
  }
  return (
    <div aria-label="Estimate" role="group">
      <EstimateRow label="Shipping" amount={shippingPrice} />
      {taxPrice != null && <EstimateRow label="Tax" amount={taxPrice} />}
      {totalPrice != null && (
        <div className="fw-semibold">
          <EstimateRow label="Total" amount={totalPrice} />
        </div>
      )}
    </div>
  );
}

function Cart({ notice }: { notice?: ReactNode }) {
  const { cartItems, notice: syncNotice } = useSelector(selectCart);
  const userInfo = useSelector(selectUserInfo);
  const dispatch = useDispatch();
  const signedIn = userInfo !== null;
  // Signed in, the cart shown is the account's with its prices and stock of now; the notice of
  // a reload (a change elsewhere won) is shown once.
  useEffect(() => {
    if (signedIn) dispatch(cartLoadRequested());
  }, [signedIn, dispatch]);
  useEffect(() => () => void dispatch(cartNoticeShown()), [dispatch]);
  const marked = cartItems.some((item) => item.problem);
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<CartItem | null>(null);
  // The lines, as the header's cart link counts them: one count, named the same everywhere.
  const lineCount = useSelector(selectDistinctItemCount);
  // The code kept in the cart, checked again for the lines whenever they change.
  const discount = useCartDiscount();
  // The server's figures once they are in; the shared rule's until then (the same, unless a
  // price changed since the cart was filled).
  const quote = useCheckoutQuote(discount);
  const { itemsPrice, discountPrice } = quote.quote ?? discount.prices;
  const isEmpty = cartItems.length === 0;

  function confirmDelete() {
    if (toDelete) dispatch(removeItem(toDelete));
    setToDelete(null);
    // A toast still showing from an earlier action gives way to this one.
    dispatch(hideNotifications());
    dispatch(showNotification('deleted'));
  }

  return (
    <Row className="g-4">
      <Col md={8}>
        <h1>Shopping Cart</h1>
        {notice}
        {syncNotice && <Message variant="warning">{syncNotice}</Message>}
        {isEmpty ? (
          <Message>
            Your cart is empty{' '}
            <Link to="/" className="alert-link">
              Go Back
            </Link>
          </Message>
        ) : (
          <>
            <ListGroup variant="flush">
              {cartItems.map((item) => (
                <CartLine
                  key={lineKey(item)}
                  item={item}
                  onQtyChange={(qty) => dispatch(addItem({ ...item, qty }))}
                  onDelete={() => setToDelete(item)}
                />
              ))}
            </ListGroup>
            <Link to="/" className="btn btn-link px-0 mt-2">
              Continue shopping
            </Link>
          </>
        )}
      </Col>
      <Col md={4}>
        <Card>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2 className="fs-4">Subtotal ({cartCountLabel(lineCount)})</h2>
              <span className="fs-5">{formatMoney(toCents(itemsPrice), shopCurrency)}</span>
              {!isEmpty && <FreeShippingNote discount={discount} quote={quote} />}
            </ListGroup.Item>
            {discount.applied && (
              <DiscountRow
                as="div"
                code={discount.applied.code}
                amount={discountPrice}
                currency={shopCurrency}
                freeShipping={discount.applied.kind === 'free-shipping'}
              />
            )}
            {!isEmpty && (
              <ListGroup.Item>
                <CartEstimate quote={quote} />
              </ListGroup.Item>
            )}
            {!isEmpty && (
              <ListGroup.Item>
                <DiscountCodeField discount={discount} />
              </ListGroup.Item>
            )}
            <ListGroup.Item>
              {/* Checkout needs a signed-in shopper; the sign-in page comes back to shipping. */}
              <Button
                type="button"
                variant="primary"
                className="w-100"
                disabled={isEmpty || marked}
                onClick={() => void navigate(userInfo ? '/shipping' : '/login?redirect=shipping')}
              >
                Proceed To Checkout
              </Button>
              {marked && (
                <p className="small text-danger mt-2 mb-0">
                  Remove the marked items, or lower their quantity, to check out.
                </p>
              )}
            </ListGroup.Item>
          </ListGroup>
        </Card>
      </Col>
      <DeleteCartItemModal
        show={toDelete !== null}
        onClose={() => setToDelete(null)}
        onDelete={confirmDelete}
      />
    </Row>
  );
}
