import { formatMoney, toCents } from '@proshop/domain/money';
import type { OrderEvent } from '@proshop/domain/order-event-schemas';
import { PROVIDER_NAMES, type ProviderKind } from '@proshop/domain/payment-methods';

type Details = OrderEvent['details'];

/** " €54.60" (with its leading space), or nothing for an event that kept no amount. */
const money = (details: Details) =>
  details.amount === undefined
    ? ''
    : ` ${formatMoney(toCents(details.amount), details.currency ?? 'USD')}`;

/** Why a capture did not pay, as the server records it (settle-capture.ts). */
const failures: Record<string, string> = {
  declined: 'the payment was declined',
  pending: 'the payment is pending with the provider',
  failed: 'the payment could not be completed',
  'wrong-amount': "the amount captured was not the order's",
  'wrong-currency': "the currency captured was not the order's",
  'capture-reused': 'the payment was already used for another order',
  'not-captured': 'nothing was captured',
};

/** Why a provider's completed payment was not accepted (payments/late-capture.ts). */
const notAccepted: Record<string, string> = {
  cancelled: 'the order was cancelled',
  'wrong-amount': 'its amount differs',
  'capture-reused': 'it pays another order already',
};

function paymentProblem(details: Details): string {
  // Entries written before Stripe came name no provider: they were PayPal's.
  const provider = PROVIDER_NAMES[details.provider as ProviderKind] ?? 'PayPal';
  switch (details.problem) {
    case 'not-accepted': {
      const why = notAccepted[details.reason ?? ''] ?? 'its amount differs';
      return `Payment problem: ${provider} completed a payment the shop cannot accept (${why})`;
    }
    case 'disputed': {
      const reason = details.reason ? ` (${details.reason.replaceAll('_', ' ')})` : '';
      return `Payment problem: the buyer disputed the payment in ${provider}${reason}`;
    }
    case 'dispute-won':
      return `Dispute won: ${provider} keeps the payment`;
    case 'dispute-closed':
      return `Dispute closed${details.reason ? ` (${details.reason})` : ''}`;
    default:
      return `Payment problem: ${provider} ${details.problem ?? 'flagged'} the payment`;
  }
}

function sent(details: Details): string {
  const carrier = details.carrier ? ` with ${details.carrier}` : '';
  const tracking = details.trackingNumber ? `, tracking number ${details.trackingNumber}` : '';
  return `Marked as sent${carrier}${tracking}`;
}

const refundStatus: Record<string, string> = {
  requested: 'requested',
  pending: 'pending with the provider',
  completed: 'completed',
  failed: 'failed',
};

function refund(details: Details): string {
  const status = refundStatus[details.status ?? ''] ?? details.status ?? '';
  const failure = details.failureReason ? ` (${details.failureReason})` : '';
  const reason = details.reason ? `: ${details.reason}` : '';
  const amount = money(details);
  return `Refund${amount ? ` of${amount}` : ''} ${status}${failure}${reason}`.trimEnd();
}

/** What happened, in a line of the timeline (a note's text is shown under it). */
export function eventText(event: OrderEvent): string {
  const { details } = event;
  switch (event.kind) {
    case 'placed':
      return 'Order placed';
    case 'payment-started':
      return details.provider === 'paypal'
        ? 'Payment started with PayPal'
        : details.provider === 'test'
          ? 'Payment started (test mode)'
          : 'Payment started';
    case 'paid':
      return `Paid${money(details)}`;
    case 'payment-failed':
      return `Payment failed: ${failures[details.reason ?? ''] ?? details.reason ?? 'no reason given'}`;
    case 'payment-problem':
      return paymentProblem(details);
    case 'sent':
      return sent(details);
    case 'delivered':
      return 'Marked as delivered';
    case 'cancelled':
      return details.reason ? `Cancelled: ${details.reason}` : 'Cancelled';
    case 'refund':
      return refund(details);
    case 'return-requested':
      return details.reason ? `Return requested: ${details.reason}` : 'Return requested';
    case 'return-accepted':
      return 'Return accepted';
    case 'return-declined':
      return details.message ? `Return declined: ${details.message}` : 'Return declined';
    case 'email':
      return `E-mail sent: ${details.subject ?? ''}`.trimEnd();
    case 'note':
      return 'Note';
  }
}

/** Who did it: the customer or an admin by name, or the shop itself. */
export function actorText(event: Pick<OrderEvent, 'actor' | 'actorName'>): string {
  switch (event.actor) {
    case 'buyer':
      return `${event.actorName ?? 'The customer'} (customer)`;
    case 'admin':
      return `${event.actorName ?? 'An admin'} (admin)`;
    case 'shop':
      return 'The shop';
  }
}
