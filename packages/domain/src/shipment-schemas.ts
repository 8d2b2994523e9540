import { z } from 'zod';
import { MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH } from './order-limits.ts';
import { oneLineText, wholeCharacters } from './text-fields.ts';

/** Trimmed; blank, null or absent is none (the form's fields may be left empty). */
const optionalText = (field: string, max: number) =>
  wholeCharacters(oneLineText(field), field)
    .max(max, `${field} is too long (at most ${max} characters)`)
    .nullable()
    .optional();

/** The value to store: none for blank. */
export const shipmentText = (value: string | null | undefined): string | null => value || null;

/**
 * PUT /api/orders/{id}/sent (admin): who carries the parcel and its tracking number, both
 * optional; a call without a body marks the order sent with neither.
 */
export const markSentRequestSchema = z.object({
  carrier: optionalText('Carrier', MAX_CARRIER_LENGTH),
  trackingNumber: optionalText('Tracking number', MAX_TRACKING_NUMBER_LENGTH),
});
export type MarkSentRequest = z.infer<typeof markSentRequestSchema>;
