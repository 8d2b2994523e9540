import type { ReactNode, RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';

interface BuyBoxProps {
  /** The price of what the cart would get, or the product's range before a choice. */
  price: string;
  /** In Stock, Out Of Stock or Not available. */
  status: string;
  /** The quantities offered (1 to the stock); empty hides the select. */
  quantities: readonly number[];
  qty: number;
  onQtyChange: (qty: number) => void;
  disabled: boolean;
  /** Why Add To Cart is off while options are being chosen; its id describes the button. */
  reason: string | undefined;
  reasonId: string;
  onAdd: () => void;
  /** The Add To Cart button, watched by the phone's sticky buy bar (StickyBuyBar). */
  addButtonRef: RefObject<HTMLButtonElement | null>;
  /** Under the button: the back-in-stock request. */
  children?: ReactNode;
}

/**
 * The product page's price, stock, quantity and Add To Cart, in the page's flow under the
 * options. On a phone a bar with the price and Add To Cart takes over once this box has scrolled
 * by (StickyBuyBar).
 */
export function BuyBox({
  price,
  status,
  quantities,
  qty,
  onQtyChange,
  disabled,
  reason,
  reasonId,
  onAdd,
  addButtonRef,
  children,
}: BuyBoxProps) {
  return (
    <Card as="section" className="buy-box" aria-label="Buy">
      <Card.Body className="d-grid gap-2">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
          <div>
            Price: <strong className="fs-4">{price}</strong>
          </div>
          <div>
            <span className="visually-hidden">Status: </span>
            <span className={status === 'In Stock' ? 'text-success' : 'text-body-secondary'}>
              {status}
            </span>
          </div>
        </div>
        {/* One line on a phone; in the narrow column of a wider screen the button takes a line
            of its own rather than wrapping its words. */}
        <div className="d-flex flex-wrap gap-2 align-items-center">
          {quantities.length > 0 && (
            <Form.Group controlId="product-qty" className="d-flex align-items-center gap-2">
              <Form.Label className="mb-0">Qty</Form.Label>
              <Form.Select
                value={qty}
                onChange={(event) => onQtyChange(Number(event.target.value))}
                style={{ width: '5.5rem' }}
              >
                {quantities.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <Button
            ref={addButtonRef}
            type="button"
            variant="primary"
            className="flex-grow-1"
            style={{ minWidth: '9rem' }}
            disabled={disabled}
            aria-describedby={reason ? reasonId : undefined}
            onClick={onAdd}
          >
            Add To Cart
          </Button>
        </div>
        {reason && (
          <p id={reasonId} className="small text-body-secondary text-center mb-0">
            {reason}
          </p>
        )}
        {children}
      </Card.Body>
    </Card>
  );
}
