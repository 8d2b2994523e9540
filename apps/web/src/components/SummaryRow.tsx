import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { formatPrice } from '../lib/format-price.ts';

/** One amount of an order summary (Items, Shipping, Tax, Total). */
export function SummaryRow({ label, amount }: { label: string; amount: number }) {
  return (
    <ListGroup.Item as="li">
      <Row>
        <Col>{label}</Col>
        <Col className="text-end">{formatPrice(amount)}</Col>
      </Row>
    </ListGroup.Item>
  );
}
