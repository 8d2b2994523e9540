import { formatMoney, toCents } from '@proshop/domain/money';
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
