import { formatMoney, lineTotal, toCents } from '@proshop/domain/money';
import { lineLabel } from '@proshop/domain/variants';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ProductImage } from '../../components/ProductImage.tsx';
import type { CartItem } from '../../state/cart-slice.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { productPath } from '../../lib/product-path.ts';
import { quantityOptions } from '../../lib/quantity-options.ts';

/** 3 of 12 columns of the line on a phone, 2 of 12 from md (in the cart's 8 of 12). */
const LINE_IMAGE_SIZES = '(min-width: 768px) 150px, 22vw';

interface CartLineProps {
  item: CartItem;
  onQtyChange: (qty: number) => void;
  onDelete: () => void;
}

export function CartLine({ item, onQtyChange, onDelete }: CartLineProps) {
  const quantities = quantityOptions(item.countInStock, item.qty);
  // "Trail Shirt — Size: M, Colour: Blue": two variants of one product are told apart.
  const label = lineLabel(item.name, item.options);
  const problemId = `cart-problem-${item.product}-${item.variant ?? ''}`;

  return (
    <ListGroup.Item>
      <Row className="align-items-center g-2">
        <Col xs={3} md={2}>
          {/* A deleted product's line has no picture left. */}
          {item.image && (
            <ProductImage
              image={item.image}
              alt={label}
              width={120}
              sizes={LINE_IMAGE_SIZES}
              className="img-fluid rounded"
            />
          )}
        </Col>
        <Col xs={9} md={4}>
          {item.problem?.reason === 'deleted' ? (
            label
          ) : (
            <Link to={productPath(item.product, item.variant)} className="tap-target">
              {label}
            </Link>
          )}
          {item.problem && (
            <div className="small text-danger" id={problemId}>
              {item.problem.message}
            </div>
          )}
        </Col>
        <Col xs={4} md={2}>
          <span>{formatMoney(toCents(item.price), shopCurrency)}</span>
          {/* More than one: what the line comes to, so the subtotal can be followed. */}
          {item.qty > 1 && (
            <div className="small text-body-secondary">
              Line total {formatMoney(lineTotal(toCents(item.price), item.qty), shopCurrency)}
            </div>
          )}
        </Col>
        <Col xs={5} md={2}>
          <Form.Select
            aria-label={`Quantity of ${label}`}
            aria-describedby={item.problem ? problemId : undefined}
            value={item.qty}
            onChange={(event) => onQtyChange(Number(event.target.value))}
          >
            {quantities.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={3} md={2}>
          <Button type="button" variant="light" aria-label={`Delete ${label}`} onClick={onDelete}>
            {/* A bin: lid, handle and body. */}
            <svg
              width="16"
              height="16"
              viewBox="0 0 16 16"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M2 4h12M6 4V2h4v2M3.5 4l1 10h7l1-10M6.5 7v4.5M9.5 7v4.5" />
            </svg>
          </Button>
        </Col>
      </Row>
    </ListGroup.Item>
  );
}
