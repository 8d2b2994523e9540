import { formatMoney, lineTotal, toCents } from '@proshop/domain/money';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ProductImage } from './ProductImage.tsx';

/** A line to show: `product` is null once the product was deleted (an old order's line). */
export interface ShownLine {
  product: string | null;
  name: string;
  image: string;
  price: number;
  qty: number;
}

/** Lines with image, name (linked while the product exists) and `qty x price = line total`. */
export function OrderLines({ items, currency }: { items: readonly ShownLine[]; currency: string }) {
  return (
    <ListGroup as="ul" variant="flush" aria-label="Order items">
      {items.map((item, index) => (
        <ListGroup.Item as="li" key={item.product ?? `deleted-${index}`}>
          <Row className="align-items-center">
            <Col xs={2} md={1}>
              <ProductImage
                image={item.image}
                alt={item.name}
                width={60}
                // 2 of 12 columns on a phone, 1 from md.
                sizes="(min-width: 768px) 90px, 16vw"
                loading="lazy"
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
              {item.qty} x {formatMoney(toCents(item.price), currency)} ={' '}
              {formatMoney(lineTotal(toCents(item.price), item.qty), currency)}
            </Col>
          </Row>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
