// The tables the payments module (apps/server/src/modules/payments/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * PayPal webhook events already applied, by PayPal's event id: PayPal sends an event again until
 * it is acknowledged, and a duplicate must change nothing (payments/paypal-webhook.ts).
 */
export const paypalWebhookEvents = pgTable('paypal_webhook_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  /** The capture or refund the event is about. */
  resourceId: text('resource_id'),
  receivedAt: createdAt(),
});

/**
 * Stripe webhook events already applied, by Stripe's event id (evt_…): Stripe sends an event
 * again until it is acknowledged, and a duplicate or a replay must change nothing
 * (payments/stripe-webhook.ts).
 */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  /** The PaymentIntent, charge, refund or dispute the event is about. */
  objectId: text('object_id'),
  receivedAt: createdAt(),
});
