import { formatMoney, toCents } from '@proshop/domain/money';
import { taxLineLabel } from '@proshop/domain/shipping-text';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { useCartDiscount } from '../../state/cart-discount.ts';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { selectCart } from '../../state/cart-slice.ts';
import { methodProblem, quoteDetails, useCheckoutQuote } from '../../state/checkout-quote.ts';
import { CheckoutSteps, type CheckoutStepNumber } from './CheckoutSteps.tsx';

const money = (amount: number) => formatMoney(toCents(amount), shopCurrency);

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`d-flex justify-content-between gap-2${strong ? ' fw-semibold' : ''}`}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

/** What a figure is made of (the method, a tax line): smaller and set in, not one to add. */
function Detail({ label, value }: { label: string; value?: string }) {
  return (
    <div className="d-flex justify-content-between gap-2 ps-3 text-body-secondary">
      <span className="text-break">{label}</span>
      {value !== undefined && <span>{value}</span>}
    </div>
  );
}

/**
 * What the order costs so far, from the server's quote (the same figures the order will have):
 * the items and the discount, then shipping by its method, tax line by line and the total once
 * the address is known. Prices that hold their tax add no tax: its lines follow the total.
 */
export function RunningTotal() {
  const discount = useCartDiscount();
  const { shippingMethod } = useSelector(selectCart);
  const { quote, lastQuote, problem } = useCheckoutQuote(discount);
  const figures = quote ?? lastQuote;
  const unavailable = methodProblem(figures, shippingMethod);
  let body: ReactNode;
  if (problem) body = <p className="text-danger mb-0">{problem}</p>;
  else if (unavailable) {
    body = (
      <p className="text-danger mb-0">
        {unavailable} <Link to="/shipping">Choose a shipping method</Link>
      </p>
    );
  } else if (!figures) body = <p className="mb-0">Working out the total…</p>;
  else {
    const { shippingPrice, taxPrice, totalPrice } = figures;
    const details = quoteDetails(figures);
    const inclusive = details.pricesIncludeTax === true;
    const taxLines = (details.taxLines ?? []).map((line, index) => (
      <Detail key={index} label={taxLineLabel(line, inclusive)} value={money(line.amount)} />
    ));
    body = (
      <>
        <Figure label="Items" value={money(figures.itemsPrice)} />
        {figures.discountCode && (
          <Figure
            label={`Discount (${figures.discountCode})`}
            value={
              discount.applied?.kind === 'free-shipping'
                ? 'Free shipping'
                : `\u2212${money(figures.discountPrice)}`
            }
          />
        )}
        {shippingPrice === null || taxPrice === null || totalPrice === null ? (
          <p className="mb-0 text-body-secondary">Shipping and tax follow from your address.</p>
        ) : (
          <>
            <Figure label="Shipping" value={money(shippingPrice)} />
            {details.shippingMethod && <Detail label={details.shippingMethod} />}
            {!inclusive && <Figure label="Tax" value={money(taxPrice)} />}
            {!inclusive && taxLines}
            <Figure label="Total" value={money(totalPrice)} strong />
            {inclusive && taxLines}
          </>
        )}
      </>
    );
  }
  return (
    <Card as="section" aria-label="Running total" className="small">
      <Card.Body className="py-2">{body}</Card.Body>
    </Card>
  );
}

/**
 * A checkout step's page: the steps, then the step's own content with the running total beside
 * it on a wide screen and above it on a phone, where it is read before the form.
 */
export function CheckoutPage({
  current,
  children,
}: {
  current: CheckoutStepNumber;
  children: ReactNode;
}) {
  return (
    <>
      <CheckoutSteps current={current} />
      <Row className="justify-content-md-center g-3">
        <Col xs={12} md={6}>
          {children}
        </Col>
        <Col xs={12} md={4} lg={3} className="order-first order-md-last">
          <RunningTotal />
        </Col>
      </Row>
    </>
  );
}
