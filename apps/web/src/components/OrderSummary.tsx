import type { OrderPrices } from '@proshop/domain/prices';
import { taxLineLabel } from '@proshop/domain/shipping-text';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { PriceDetails } from '../lib/price-details.ts';
import { DetailRow, DiscountRow, SummaryRow } from './SummaryRow.tsx';

interface OrderSummaryProps {
  prices: OrderPrices;
  currency: string;
  /** The code that applies, and whether it gives free shipping instead of an amount off. */
  discount?: { code: string; freeShipping: boolean } | undefined;
  details?: PriceDetails;
  /** The screen's own rows under the amounts (`li` items): a code field, payment, actions. */
  children?: ReactNode;
}

/**
 * The Order Summary card of the place-order step and of the order page: its amounts (Items, the
 * discount with its code, Shipping and its method, Tax and each tax line, Total), then the
 * screen's own rows. Prices that hold their tax show no Tax row to add up: the tax lines follow
 * the total as "incl. VAT 20%".
 */
export function OrderSummary({ prices, currency, discount, details, children }: OrderSummaryProps) {
  const inclusive = details?.pricesIncludeTax === true;
  const taxLines = (details?.taxLines ?? []).map((line, index) => (
    <DetailRow
      key={index}
      label={taxLineLabel(line, inclusive)}
      amount={line.amount}
      currency={currency}
    />
  ));
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
        {details?.shippingMethod && (
          <DetailRow label={details.shippingMethod} currency={currency} />
        )}
        {!inclusive && (
          <>
            <SummaryRow label="Tax" amount={prices.taxPrice} currency={currency} />
            {taxLines}
          </>
        )}
        <SummaryRow label="Total" amount={prices.totalPrice} currency={currency} />
        {inclusive && taxLines}
        {children}
      </ListGroup>
    </Card>
  );
}
