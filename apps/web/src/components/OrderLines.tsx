import { formatMoney, lineTotal, toCents } from '@proshop/domain/money';
import { lineLabel, type OptionValue } from '@proshop/domain/variants';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { productPath } from '../lib/product-path.ts';
import { ProductImage } from './ProductImage.tsx';

/**
 * A line to show: `product` is null once the product was deleted (an old order's line);
 * `variant` and `options` name the variant of a product with options.
 */
export interface ShownLine {
  product: string | null;
  variant?: string | null | undefined;
  options?: readonly OptionValue[] | undefined;
  name: string;
  image: string;
  price: number;
  qty: number;
}

/**
 * Lines with image, name and option values (linked while the product exists) and
 * `qty x price = line total`.
 */
export function OrderLines({ items, currency }: { items: readonly ShownLine[]; currency: string }) {
  return (
    <ListGroup as="ul" variant="flush" aria-label="Order items">
      {items.map((item, index) => {
        const label = lineLabel(item.name, item.options);
        return (
          <ListGroup.Item
            as="li"
            key={`${item.product ?? 'deleted'}/${item.variant ?? ''}/${index}`}
          >
            <Row className="align-items-center">
              <Col xs={2} md={1}>
                <ProductImage
                  image={item.image}
                  alt={label}
                  width={60}
                  // 2 of 12 columns on a phone, 1 from md.
                  sizes="(min-width: 768px) 90px, 16vw"
                  loading="lazy"
                  className="img-fluid rounded"
                />
              </Col>
              <Col>
                {item.product ? (
                  <Link
                    to={productPath(item.product, item.options?.length ? item.variant : null)}
                    className="tap-target"
                    // A guest's order page has its key in the address (issue #37).
                    rel="noreferrer"
                  >
                    {label}
                  </Link>
                ) : (
                  <span>{label}</span>
                )}
              </Col>
              <Col md={4} className="text-md-end">
                {item.qty} x {formatMoney(toCents(item.price), currency)} ={' '}
                {formatMoney(lineTotal(toCents(item.price), item.qty), currency)}
              </Col>
            </Row>
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
