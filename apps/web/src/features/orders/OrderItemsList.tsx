import type { OrderItem } from '@proshop/domain/order-schemas';
import { fromCents, toCents } from '@proshop/domain/money';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { formatPrice } from '../../lib/format-price.ts';

/** The lines as ordered (name and price copied at order time); a deleted product has no link. */
export function OrderItemsList({ items }: { items: OrderItem[] }) {
  if (items.length === 0) return <Message>Order is empty</Message>;
  return (
    <ListGroup variant="flush" aria-label="Order items">
      {items.map((item, index) => (
        <ListGroup.Item key={item.product ?? `deleted-${index}`}>
          <Row className="align-items-center">
            <Col xs={2} md={1}>
              <img
                src={item.image}
                alt={item.name}
                width={60}
                height={48}
                className="img-fluid rounded"
              />
            </Col>
            <Col>
              {item.product ? (
                <Link to={`/product/${item.product}`}>{item.name}</Link>
              ) : (
                <span>{item.name}</span>
              )}
            </Col>
            <Col md={4} className="text-md-end">
              {item.qty} x {formatPrice(item.price)} ={' '}
              {formatPrice(fromCents(toCents(item.price) * item.qty))}
            </Col>
          </Row>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
