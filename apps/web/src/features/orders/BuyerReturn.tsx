import type { Order } from '@proshop/domain/order-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { ReturnStates } from './MyOrderCard.tsx';
import { canRequestReturn, ReturnRequestForm } from './ReturnRequestForm.tsx';

/**
 * The buyer's return request on the order page (an item of its summary's list), as My Orders
 * offers it on the order's card: a guest has no My Orders, only the order's link (`orderKey`,
 * issue #37).
 */
export function BuyerReturn({ order, orderKey }: { order: Order; orderKey?: string }) {
  const [returning, setReturning] = useState(false);
  if (!canRequestReturn(order) && order.returns.length === 0) return null;
  return (
    <ListGroup.Item as="li" className="d-grid gap-2">
      {canRequestReturn(order) && (
        <Button
          type="button"
          variant="outline-dark"
          size="sm"
          aria-expanded={returning}
          onClick={() => setReturning(!returning)}
        >
          Return item
        </Button>
      )}
      {returning && (
        <ReturnRequestForm order={order} orderKey={orderKey} onDone={() => setReturning(false)} />
      )}
      <ReturnStates order={order} />
    </ListGroup.Item>
  );
}
