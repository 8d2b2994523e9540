import type { OrderPrices } from '@proshop/domain/prices';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { DiscountRow, SummaryRow } from './SummaryRow.tsx';

interface OrderSummaryProps {
  prices: OrderPrices;
  currency: string;
  /** The code that applies, and whether it gives free shipping instead of an amount off. */
  discount?: { code: string; freeShipping: boolean } | undefined;
  /** The screen's own rows under the amounts (`li` items): a code field, payment, actions. */
  children?: ReactNode;
}

/**
 * The Order Summary card of the place-order step and of the order page: its amounts (Items, the
 * discount with its code, Shipping, Tax, Total), then the screen's own rows.
 */
export function OrderSummary({ prices, currency, discount, children }: OrderSummaryProps) {
  return (
    <Card>
      <ListGroup as="ul" variant="flush" aria-label="Order Summary">
        <ListGroup.Item as="li">
          <h2>Order Summary</h2>
        </ListGroup.Item>
        <SummaryRow label="Items" amount={prices.itemsPrice} currency={currency} />
        {discount && (
          <DiscountRow
            code={discount.code}
            amount={prices.discountPrice}
            currency={currency}
            freeShipping={discount.freeShipping}
          />
        )}
        <SummaryRow label="Shipping" amount={prices.shippingPrice} currency={currency} />
        <SummaryRow label="Tax" amount={prices.taxPrice} currency={currency} />
        <SummaryRow label="Total" amount={prices.totalPrice} currency={currency} />
        {children}
      </ListGroup>
    </Card>
  );
}
