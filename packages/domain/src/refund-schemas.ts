import { z } from 'zod';
import { amountSchema } from './money-schemas.ts';
import { MAX_LINE_QTY, MAX_ORDER_LINES } from './order-limits.ts';
import { idSchema } from './route-schemas.ts';
import { oneLineText } from './text-fields.ts';

export const REFUND_STATUSES = ['requested', 'pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Some units of some lines of an order, by the lines' `_id`. */
const lineQuantities = z
  .array(
    z.object({
      orderItem: idSchema('Each line needs an order line').max(64, 'Each line needs an order line'),
      qty: z
        .number('Quantity must be a number')
        .int('Quantity must be a whole number')
        .min(1, 'Quantity must be at least 1')
        .max(MAX_LINE_QTY, 'Quantity is too large'),
    }),
  )
  .max(MAX_ORDER_LINES, 'Too many lines');

/**
 * POST /api/orders/{id}/refunds (admin). The lines returned and whether shipping goes back; the
 * server computes the amount from the order's stored prices (./refunds.ts). `amount` is a
 * goodwill amount on top, within what is left of the capture.
 */
export const refundRequestSchema = z.object({
  lines: lineQuantities.optional(),
  shipping: z.boolean().optional(),
  amount: amountSchema('Amount')
    .refine((amount) => amount > 0, 'Amount must be more than 0')
    .optional(),
  restock: z.boolean().optional(),
  reason: oneLineText('Reason').min(1, 'Please give a reason').max(500, 'Reason is too long'),
});
export type RefundRequestBody = z.infer<typeof refundRequestSchema>;

/** A refund as the order's answer lists it. */
export const refundSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  shipping: z.boolean(),
  restock: z.boolean(),
  lines: z.array(z.object({ orderItem: z.string(), qty: z.number().int() })),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const RETURN_STATUSES = ['requested', 'accepted', 'declined'] as const;

/** POST /api/orders/{id}/returns: the buyer asks to send lines back. */
export const returnRequestSchema = z.object({
  lines: lineQuantities.min(1, 'Choose what to return'),
  reason: oneLineText('Reason').min(1, 'Please give a reason').max(500, 'Reason is too long'),
});
export type ReturnRequestBody = z.infer<typeof returnRequestSchema>;

/** POST /api/orders/{id}/returns/{returnId}/accept (admin): refunds the lines. */
export const acceptReturnSchema = z.object({
  restock: z.boolean().optional(),
  shipping: z.boolean().optional(),
});
export type AcceptReturnBody = z.infer<typeof acceptReturnSchema>;

/** POST /api/orders/{id}/returns/{returnId}/decline (admin): the message goes to the buyer. */
export const declineReturnSchema = z.object({
  message: oneLineText('Message').min(1, 'Please write a message').max(1000, 'Message is too long'),
});
export type DeclineReturnBody = z.infer<typeof declineReturnSchema>;

/** A return request as the order's answer lists it. */
export const returnSchema = z.object({
  _id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  declineMessage: z.string().nullable(),
  refund: z.string().nullable(),
  lines: z.array(z.object({ orderItem: z.string(), qty: z.number().int() })),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ReturnRequest = z.infer<typeof returnSchema>;
