import type { Order } from '@proshop/domain/order-schemas';

/**
 * The carrier and tracking number of a sent order, under its Shipped on / Delivered on banner,
 * as far as the admin gave them on Mark As Sent; nothing otherwise.
 */
export function ShipmentDetails({ order }: { order: Order }) {
  if (!order.isSent || (!order.carrier && !order.trackingNumber)) return null;
  return (
    <dl className="mb-0 text-break" aria-label="Shipment">
      {order.carrier && (
        <div>
          <dt className="d-inline">Carrier: </dt>
          <dd className="d-inline mb-0">{order.carrier}</dd>
        </div>
      )}
      {order.trackingNumber && (
        <div>
          <dt className="d-inline">Tracking number: </dt>
          <dd className="d-inline mb-0">{order.trackingNumber}</dd>
        </div>
      )}
    </dl>
  );
}
