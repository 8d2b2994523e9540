import { z } from 'zod';
import { ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS } from './order-events.ts';
import { MAX_NOTE_LENGTH } from './order-limits.ts';
import { multiLineText, wholeCharacters } from './text-fields.ts';

/** POST /api/orders/{id}/notes (admin): an internal note, never shown to the customer. */
export const orderNoteRequestSchema = z.object({
  note: wholeCharacters(multiLineText('Note'), 'Note')
    .min(1, 'Please write a note')
    .max(MAX_NOTE_LENGTH, `A note has at most ${MAX_NOTE_LENGTH} characters`),
});
export type OrderNoteRequest = z.infer<typeof orderNoteRequestSchema>;

/**
 * What an event needs to be read, one flat set of optional fields (each kind uses a few):
 * payment-started: provider; paid: captureId, amount, currency; payment-failed: reason;
 * payment-problem: problem, captureId, reason, provider; sent: carrier, trackingNumber; cancelled: reason;
 * refund: refundId, amount, currency, status, reason, failureReason; return-*: returnId, reason,
 * refundId, message; email: subject, to; note: note. Events written before a field existed
 * (the migration's backfill) simply lack it.
 */
export const orderEventDetailsSchema = z.object({
  note: z.string().optional(),
  subject: z.string().optional(),
  to: z.string().optional(),
  carrier: z.string().nullable().optional(),
  trackingNumber: z.string().nullable().optional(),
  provider: z.string().optional(),
  captureId: z.string().optional(),
  problem: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  status: z.string().optional(),
  reason: z.string().optional(),
  failureReason: z.string().nullable().optional(),
  refundId: z.string().optional(),
  returnId: z.string().optional(),
  message: z.string().optional(),
});
export type OrderEventDetails = z.infer<typeof orderEventDetailsSchema>;

/** One entry of an order's timeline: what happened, who did it (and their name then), when. */
export const orderEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  actor: z.enum(ORDER_EVENT_ACTORS),
  /** The user who did it; null for the shop, or once their account was deleted. */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  details: orderEventDetailsSchema,
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /api/orders/{id}/events (admin): the timeline, oldest first. */
export const orderEventListSchema = z.array(orderEventSchema);
