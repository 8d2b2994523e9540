import type { OrderEvent } from '@proshop/domain/order-event-schemas';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { OrderNoteForm } from './OrderNoteForm.tsx';
import { actorText, eventText } from './order-event-text.ts';
import { shownDateTime } from './order-dates.ts';
import { useGetOrderEventsQuery } from './orders-api.ts';

function TimelineEntry({ event }: { event: OrderEvent }) {
  return (
    <li className="border-start border-2 ps-3 pb-3 position-relative">
      <p className="mb-0 text-break">
        <strong>{eventText(event)}</strong>
      </p>
      {event.kind === 'note' && event.details.note && (
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {event.details.note}
        </p>
      )}
      <p className="mb-0 small text-body-secondary">
        {actorText(event)} ·{' '}
        <time dateTime={event.createdAt}>{shownDateTime(event.createdAt)}</time>
      </p>
    </li>
  );
}

/**
 * Admin: everything that happened to the order, oldest first, with who did it and when, and a
 * form for internal notes (which the customer never sees).
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const { data: events, isLoading, error } = useGetOrderEventsQuery(orderId);
  return (
    <section aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">Timeline</h2>
      {isLoading && <Loader />}
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      {events && (
        <ol className="list-unstyled mb-3" aria-label="Order timeline">
          {events.map((event) => (
            <TimelineEntry key={event._id} event={event} />
          ))}
        </ol>
      )}
      <OrderNoteForm orderId={orderId} />
    </section>
  );
}
