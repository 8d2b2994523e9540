import { formatMoney, fromCents, toCents, typedAmountCents } from '@proshop/domain/money';
import type { Order } from '@proshop/domain/order-schemas';
import {
  isRefundRefusal,
  planRefund,
  refundableOrder,
  refundableUnits,
} from '@proshop/domain/refunds';
import { lineLabel } from '@proshop/domain/variants';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Message } from '../../components/Message.tsx';
import { InlineError } from '../../components/InlineError.tsx';
import { QuantitySelect } from '../../components/QuantitySelect.tsx';
import { useRefundOrderMutation } from './orders-api.ts';
import { RefundConfirmModal } from './RefundConfirmModal.tsx';

/**
 * Admin: refund lines (with their tax), the shipping or an extra amount of a paid order. The
 * total shown comes from the same rule the server applies (packages/domain/src/refunds.ts); the
 * server computes it again and is the one that decides.
 */
export function RefundForm({ order }: { order: Order }) {
  const target = refundableOrder(order);
  const left = refundableUnits(order);
  const shippingRefunded = target.earlier.some((refund) => refund.shipping);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [shipping, setShipping] = useState(false);
  const [restock, setRestock] = useState(true);
  const [extra, setExtra] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [refundOrder, { isLoading, error, data, reset }] = useRefundOrderMutation();

  const lines = Object.entries(quantities)
    .filter(([, qty]) => qty > 0)
    .map(([orderItem, qty]) => ({ orderItem, qty }));
  const typedExtra = typedAmountCents(extra);
  const extraCents = typedExtra ?? 0;
  const plan = planRefund(target, {
    lines,
    shipping,
    ...(extraCents > 0 ? { goodwillCents: extraCents } : {}),
  });
  const money = (cents: number) => formatMoney(cents, order.currency);

  // Refund asks first (RefundConfirmModal); the money moves on its Yes.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isRefundRefusal(plan)) setConfirming(true);
  };

  const refund = async () => {
    setConfirming(false);
    if (isRefundRefusal(plan)) return;
    const made = await refundOrder({
      orderId: order._id,
      body: {
        lines,
        shipping,
        restock,
        reason,
        ...(extraCents > 0 ? { amount: fromCents(extraCents) } : {}),
      },
    });
    if (!('error' in made)) {
      setQuantities({});
      setShipping(false);
      setExtra('');
      setReason('');
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Refund">
      <h2 className="fs-5">Refund</h2>
      {order.orderItems.map((item) => {
        const units = left.get(item._id) ?? 0;
        return (
          <QuantitySelect
            key={item._id}
            id={`refund-${item._id}`}
            label={`${lineLabel(item.name, item.options)} (${units} of ${item.qty} left)`}
            max={units}
            value={quantities[item._id] ?? 0}
            onChange={(qty) => setQuantities({ ...quantities, [item._id]: qty })}
          />
        );
      })}
      <Form.Check
        id={`refund-shipping-${order._id}`}
        label={`Refund shipping (${money(target.shippingCents)})`}
        disabled={shippingRefunded || target.shippingCents === 0}
        checked={shipping}
        onChange={(event) => setShipping(event.target.checked)}
      />
      <Form.Check
        id={`refund-restock-${order._id}`}
        label="Put the items back into stock"
        checked={restock}
        onChange={(event) => setRestock(event.target.checked)}
      />
      <Form.Group controlId={`refund-extra-${order._id}`} className="my-2">
        <Form.Label className="small mb-0">Extra amount (optional)</Form.Label>
        <Form.Control
          size="sm"
          inputMode="decimal"
          value={extra}
          aria-invalid={typedExtra === undefined}
          aria-describedby={
            typedExtra === undefined ? `refund-extra-error-${order._id}` : undefined
          }
          onChange={(event) => setExtra(event.target.value)}
        />
        {typedExtra === undefined && (
          <p id={`refund-extra-error-${order._id}`} className="small text-danger mb-0">
            Enter an amount such as 12.50
          </p>
        )}
      </Form.Group>
      <Form.Group controlId={`refund-reason-${order._id}`} className="mb-2">
        <Form.Label className="small mb-0">Reason</Form.Label>
        <Form.Control
          size="sm"
          required
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Form.Group>
      {isRefundRefusal(plan) ? (
        plan.reason === 'over-captured' && (
          <p className="small text-danger">At most {money(plan.leftCents)} is left to refund.</p>
        )
      ) : (
        <p className="small mb-2">Refund total: {money(plan.amountCents)}</p>
      )}
      <Button
        type="submit"
        variant="dark"
        className="w-100"
        disabled={
          isLoading || isRefundRefusal(plan) || reason.trim() === '' || typedExtra === undefined
        }
        onClick={() => reset()}
      >
        {isRefundRefusal(plan) ? 'Refund' : `Refund ${money(plan.amountCents)}`}
      </Button>
      <RefundConfirmModal
        show={confirming && !isRefundRefusal(plan)}
        amount={isRefundRefusal(plan) ? '' : money(plan.amountCents)}
        buyerName={order.user.name}
        paymentMethod={order.paymentMethod}
        refunding={isLoading}
        onConfirm={() => void refund()}
        onClose={() => setConfirming(false)}
      />
      <InlineError error={error} />
      {data && (
        <div className="mt-2">
          <Message variant="success">
            {data.status === 'pending'
              ? `Refund of ${money(toCents(data.amount))} accepted by the payment provider; it is on its way`
              : `Refunded ${money(toCents(data.amount))}`}
          </Message>
        </div>
      )}
    </Form>
  );
}
