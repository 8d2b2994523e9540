import { centsToDecimalString, formatMoney } from '@proshop/domain/money';
import { orderLabel } from '@proshop/domain/order-number';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { stripeWebhookEvents } from '../../db/schema/payments.ts';
import {
  captureLost,
  refundedAtProvider,
  type ProviderRefundStatus,
} from '../after-sale/provider-events.ts';
import { findOrderOfCapture } from '../orders/capture-claims.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { BY_SHOP, recordOrderEvent } from '../orders/order-events.ts';
import { holdsUnstorableText } from '../payment-providers/webhook-checks.ts';
import { lateCaptureCompleted, type WebhookOutcome } from './late-capture.ts';

/**
 * Stripe's webhook events (POST /api/payments/stripe/webhook), once their signature is checked:
 * what happened to a PaymentIntent, a refund or a dispute outside the shop's own calls. An intent
 * that succeeded while no capture attempt of ours was under way pays the order (late-capture.ts);
 * a refund made in Stripe's dashboard and a lost dispute are after-sale's (provider-events.ts).
 * Each event is applied once, in one transaction with the record of its id, so Stripe's retries
 * and duplicates change nothing.
 */

/** Stripe's own tolerance: an event signed longer ago than this is a replay. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event Stripe signed, or undefined when the signature does not match these bytes with this
 * secret (forged, altered, expired or missing). Checked locally: the signature is an HMAC of the
 * timestamp and the raw body with the endpoint's secret, so no call to Stripe is made.
 */
export function verifiedStripeEvent(
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
  now: Date,
): unknown {
  if (typeof signature !== 'string') return undefined;
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch {
    return undefined;
  }
}

/** Loose: Stripe adds fields with each API version; only these are read. */
export const stripeEventSchema = z
  .looseObject({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(255),
    data: z.looseObject({ object: z.unknown() }),
  })
  .refine((event) => !holdsUnstorableText(event), {
    message: 'The event holds a NUL character or half of a character',
  });
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/** An id, or the object it names when the event expanded it. */
const expandable = z
  .union([z.string().min(1), z.looseObject({ id: z.string().min(1) })])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z.looseObject({ order_id: z.string().optional() }).nullish();
const minorUnits = z.number().int().min(0);

const intentSchema = z.looseObject({
  id: z.string().min(1),
  amount_received: minorUnits.nullish(),
  currency: z.string(),
  latest_charge: expandable.nullish(),
  metadata,
  last_payment_error: z
    .looseObject({
      code: z.string().nullish(),
      decline_code: z.string().nullish(),
      message: z.string().nullish(),
    })
    .nullish(),
});
const refundSchema = z.looseObject({
  id: z.string().min(1),
  amount: minorUnits,
  currency: z.string(),
  status: z.string().nullish(),
  charge: expandable.nullish(),
  failure_reason: z.string().nullish(),
  metadata,
});
const chargeSchema = z.looseObject({
  id: z.string().min(1),
  refunds: z.looseObject({ data: z.array(z.unknown()) }).nullish(),
});
const disputeSchema = z.looseObject({
  id: z.string().min(1),
  charge: expandable,
  payment_intent: expandable.nullish(),
  amount: minorUnits,
  currency: z.string(),
  status: z.string(),
  reason: z.string().nullish(),
  evidence_details: z.looseObject({ due_by: z.number().nullish() }).nullish(),
});

type Intent = z.infer<typeof intentSchema>;
type Refund = z.infer<typeof refundSchema>;
type Dispute = z.infer<typeof disputeSchema>;

/** Our order id, as the shop wrote it into the intent's metadata. */
const orderIdOf = (data: { metadata?: { order_id?: string | undefined } | null | undefined }) => {
  const id = data.metadata?.order_id;
  return id && isUuid(id) ? id : undefined;
};

/** The order an intent is about: our order id in its metadata, or the intent, or its charge. */
function orderOfIntent(tx: Database, intent: Intent) {
  return findOrderOfCapture(tx, {
    captureId: intent.latest_charge ?? undefined,
    orderId: orderIdOf(intent),
    providerOrderId: intent.id,
  });
}

/** The order whose charge is disputed. */
function orderOfDispute(tx: Database, dispute: Dispute) {
  return findOrderOfCapture(tx, {
    captureId: dispute.charge,
    providerOrderId: dispute.payment_intent ?? undefined,
  });
}

/** Stripe's refund statuses in the provider-neutral words of after-sale. */
function refundStatus(status: string | null | undefined): ProviderRefundStatus {
  if (status === 'succeeded') return 'completed';
  if (status === 'failed' || status === 'canceled') return 'failed';
  // pending, requires_action: money not given back yet.
  return 'pending';
}

function refunded(deps: SettleDeps, tx: Database, refund: Refund, chargeId?: string) {
  return refundedAtProvider(deps, tx, {
    providerRefundId: refund.id,
    status: refundStatus(refund.status),
    ...(refund.failure_reason ? { failureReason: refund.failure_reason } : {}),
    amount: centsToDecimalString(refund.amount),
    currency: refund.currency.toUpperCase(),
    captureId: refund.charge ?? chargeId,
    askedByShop: orderIdOf(refund) !== undefined,
    provider: 'stripe',
  });
}

/** Why the card was refused, as the timeline shows it: Stripe's message and its code. */
function declineText(error: Intent['last_payment_error']): string {
  const code = error?.decline_code ?? error?.code;
  const text = error?.message
    ? `${error.message}${code ? ` (${code})` : ''}`
    : (code ?? 'declined');
  return text.slice(0, 300);
}

/** The buyer's card payment was refused (a decline, a failed 3-D Secure step): on the timeline. */
async function paymentFailed(tx: Database, intent: Intent): Promise<WebhookOutcome> {
  const found = await orderOfIntent(tx, intent);
  // An attempt of ours under way records its own outcome.
  if (!found || found.order.isPaid || found.order.captureAttemptId) return 'ignored';
  await recordOrderEvent(tx, {
    orderId: found.order.id,
    kind: 'payment-failed',
    ...BY_SHOP,
    details: { reason: declineText(intent.last_payment_error) },
  });
  return 'applied';
}

/** The buyer disputed the payment with their bank: the shop has days to answer in Stripe. */
async function disputeCreated(
  deps: SettleDeps,
  tx: Database,
  dispute: Dispute,
): Promise<WebhookOutcome> {
  const found = await orderOfDispute(tx, dispute);
  if (!found) return 'ignored';
  const { order } = found;
  const label = orderLabel(order.orderNumber);
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'payment-problem',
    ...BY_SHOP,
    details: {
      problem: 'disputed',
      captureId: dispute.charge,
      ...(dispute.reason ? { reason: dispute.reason } : {}),
      provider: 'stripe',
    },
  });
  const amount = formatMoney(dispute.amount, dispute.currency.toUpperCase());
  const dueBy = dispute.evidence_details?.due_by;
  await deps.notices.alertShop(
    tx,
    `The payment of order ${label} is disputed in Stripe`,
    `The buyer disputed the card payment of order ${label} (${order.id}, charge ${dispute.charge}, dispute ${dispute.id}) for ${amount}` +
      `${dispute.reason ? `, giving the reason "${dispute.reason}"` : ''}. ` +
      `Answer it with your evidence in Stripe's dashboard${dueBy ? ` by ${new Date(dueBy * 1000).toISOString().slice(0, 10)}` : ''}. ` +
      'If the dispute is lost, the order is cancelled here if it was not sent yet.',
  );
  return 'applied';
}

/** Lost: the money goes back to the buyer, as a reversal. Won (or closed otherwise): a note. */
async function disputeClosed(
  deps: SettleDeps,
  tx: Database,
  dispute: Dispute,
): Promise<WebhookOutcome> {
  const found = await orderOfDispute(tx, dispute);
  if (!found || found.order.captureId !== dispute.charge) return 'ignored';
  if (dispute.status === 'lost') {
    await captureLost(deps, tx, found, dispute.charge, 'reversed', 'stripe');
    return 'applied';
  }
  await recordOrderEvent(tx, {
    orderId: found.order.id,
    kind: 'payment-problem',
    ...BY_SHOP,
    details: {
      problem: dispute.status === 'won' ? 'dispute-won' : 'dispute-closed',
      captureId: dispute.charge,
      reason: dispute.status,
      provider: 'stripe',
    },
  });
  return 'applied';
}

/** What an event is about, for the record of its id: the intent, charge, refund or dispute. */
const objectIdOf = (object: unknown) =>
  object && typeof object === 'object' && 'id' in object && typeof object.id === 'string'
    ? object.id.slice(0, 255)
    : null;

/** Applies a verified event once; a repeated event id changes nothing. */
export async function applyStripeEvent(
  deps: SettleDeps,
  event: StripeEvent,
): Promise<WebhookOutcome> {
  const { object } = event.data;
  return deps.catalogue.change(deps.db, async (tx) => {
    const recorded = await tx
      .insert(stripeWebhookEvents)
      .values({ id: event.id, eventType: event.type, objectId: objectIdOf(object) })
      .onConflictDoNothing()
      .returning({ id: stripeWebhookEvents.id });
    if (recorded.length === 0) return 'duplicate';
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = intentSchema.safeParse(object);
        if (!intent.success || !intent.data.latest_charge) return 'ignored';
        const { latest_charge: chargeId, amount_received: amount, currency } = intent.data;
        return lateCaptureCompleted(
          deps,
          tx,
          await orderOfIntent(tx, intent.data),
          { captureId: chargeId, amountCents: amount ?? -1, currency: currency.toUpperCase() },
          'stripe',
        );
      }
      case 'payment_intent.payment_failed': {
        const intent = intentSchema.safeParse(object);
        return intent.success ? paymentFailed(tx, intent.data) : 'ignored';
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const refund = refundSchema.safeParse(object);
        if (!refund.success) return 'ignored';
        return (await refunded(deps, tx, refund.data)) ? 'applied' : 'ignored';
      }
      case 'charge.refunded': {
        // Its refunds when the event carries them (older API versions); refund.* tell the rest.
        const charge = chargeSchema.safeParse(object);
        if (!charge.success) return 'ignored';
        let applied = false;
        for (const item of charge.data.refunds?.data ?? []) {
          const refund = refundSchema.safeParse(item);
          if (refund.success && (await refunded(deps, tx, refund.data, charge.data.id))) {
            applied = true;
          }
        }
        return applied ? 'applied' : 'ignored';
      }
      case 'charge.dispute.created': {
        const dispute = disputeSchema.safeParse(object);
        return dispute.success ? disputeCreated(deps, tx, dispute.data) : 'ignored';
      }
      case 'charge.dispute.closed': {
        const dispute = disputeSchema.safeParse(object);
        return dispute.success ? disputeClosed(deps, tx, dispute.data) : 'ignored';
      }
      default:
        return 'ignored';
    }
  });
}
