import { formatMoney, toCents } from '@proshop/domain/money';
import type { ElementType } from 'react';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';

interface SummaryRowProps {
  label: string;
  amount: number;
  currency: string;
}

/** One amount of an order summary (Items, Shipping, Tax, Total). */
export function SummaryRow({ label, amount, currency }: SummaryRowProps) {
  return (
    <ListGroup.Item as="li">
      <Row>
        <Col>{label}</Col>
        <Col className="text-end">{formatMoney(toCents(amount), currency)}</Col>
      </Row>
    </ListGroup.Item>
  );
}

/**
 * A line under a figure saying what it is made of: the shipping method, or a tax line ("VAT
 * 20%") with its amount; smaller and set in, so it is not read as another figure to add.
 */
export function DetailRow({
  label,
  amount,
  currency,
}: {
  label: string;
  amount?: number;
  currency: string;
}) {
  return (
    <ListGroup.Item as="li" className="small text-body-secondary ps-4 py-1">
      <Row>
        <Col className="text-break">{label}</Col>
        {amount !== undefined && (
          <Col xs="auto" className="text-end">
            {formatMoney(toCents(amount), currency)}
          </Col>
        )}
      </Row>
    </ListGroup.Item>
  );
}

interface DiscountRowProps {
  code: string;
  /** Taken off the items; 0 for a code that gives free shipping. */
  amount: number;
  currency: string;
  /** The code gives free shipping (said in words: it takes nothing off the items). */
  freeShipping?: boolean;
  /** `li` in a summary list (the default), `div` in the cart's card. */
  as?: ElementType;
}

/** The summary's "Discount (CODE)" row: the amount taken off, with a minus sign. */
export function DiscountRow({ code, amount, currency, freeShipping, as = 'li' }: DiscountRowProps) {
  return (
    <ListGroup.Item as={as}>
      <Row>
        {/* The amount as wide as it needs: the code gets the rest, rather than half. */}
        <Col>Discount ({code})</Col>
        <Col xs="auto" className="text-end">
          {freeShipping ? 'Free shipping' : `\u2212${formatMoney(toCents(amount), currency)}`}
        </Col>
      </Row>
    </ListGroup.Item>
  );
}
