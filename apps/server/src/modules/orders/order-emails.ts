import { formatMoney, lineTotal, toCents } from '@proshop/domain/money';
import type { Order } from '@proshop/domain/order-schemas';
import type { Refund, ReturnRequest } from '@proshop/domain/refund-schemas';
import { lineLabel } from '@proshop/domain/variants';
import { escapeHtml } from '../../html/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** An amount of the order in the order's own currency, as the shop's screens show it. */
const moneyOf = (order: Order) => (amount: number) => formatMoney(toCents(amount), order.currency);

function lines(order: Order): { text: string[]; html: string } {
  const money = moneyOf(order);
  const shown = order.orderItems.map((item) => ({
    item,
    label: lineLabel(item.name, item.options),
    price: money(item.price),
    total: formatMoney(lineTotal(toCents(item.price), item.qty), order.currency),
  }));
  const text = shown.map(
    ({ item, label, price, total }) => `${item.qty} x ${label} at ${price} = ${total}`,
  );
  const html = shown
    .map(
      ({ item, label, total }) =>
        `<tr><td>${item.qty} x ${escapeHtml(label)}</td><td align="right">${total}</td></tr>`,
    )
    .join('');
  return { text, html };
}

/**
 * The row of the order's discount code, "Discount (SUMMER10)" and what it took off the items
 * (a free-shipping code takes nothing off them: its row says it was applied), or none.
 */
function discountRow(order: Order): { label: string; amount: string } | undefined {
  if (!order.discountCode) return undefined;
  return {
    label: `Discount (${order.discountCode})`,
    amount: order.discountPrice > 0 ? `-${moneyOf(order)(order.discountPrice)}` : 'applied',
  };
}

/** The discount's row as a line of text, for the e-mails that list the order's lines. */
const discountText = (order: Order): string[] => {
  const row = discountRow(order);
  return row ? [`${row.label}: ${row.amount}`] : [];
};

function page(body: string): string {
  return `<!doctype html>
<html>
  <body style="font-family: sans-serif; color: #222">
${body}
  </body>
</html>`;
}

/** The receipt sent when an order is paid. */
export function receiptEmail(order: Order, shopName: string, orderUrl: string): MailMessage {
  const { text, html } = lines(order);
  const money = moneyOf(order);
  const discount = discountRow(order);
  const number = order._id;
  const a = order.shippingAddress;
  const address = `${a.address}, ${a.city} ${a.postalCode}, ${a.country}`;
  return {
    to: order.user.email,
    subject: `${shopName}: receipt for order ${number}`,
    text: [
      `Hello ${order.user.name},`,
      '',
      `Thank you for your order ${number}. We have received your payment.`,
      '',
      ...text,
      `Items: ${money(order.itemsPrice)}`,
      ...discountText(order),
      `Shipping: ${money(order.shippingPrice)}`,
      `Tax: ${money(order.taxPrice)}`,
      `Total paid: ${money(order.totalPrice)}`,
      '',
      `It will be sent to ${address}.`,
      `Follow your order at ${orderUrl}`,
      '',
      shopName,
    ].join('\n'),
    html: page(`    <p>Hello ${escapeHtml(order.user.name)},</p>
    <p>Thank you for your order ${number}. We have received your payment.</p>
    <table cellpadding="4">${html}
      <tr><td>Items</td><td align="right">${money(order.itemsPrice)}</td></tr>${
        discount
          ? `
      <tr><td>${escapeHtml(discount.label)}</td><td align="right">${discount.amount}</td></tr>`
          : ''
      }
      <tr><td>Shipping</td><td align="right">${money(order.shippingPrice)}</td></tr>
      <tr><td>Tax</td><td align="right">${money(order.taxPrice)}</td></tr>
      <tr><th align="left">Total paid</th><th align="right">${money(order.totalPrice)}</th></tr>
    </table>
    <p>It will be sent to ${escapeHtml(address)}.</p>
    <p><a href="${escapeHtml(orderUrl)}">Follow your order</a></p>
    <p>${escapeHtml(shopName)}</p>`),
  };
}

/** "Carrier: DHL" and "Tracking number: …", as far as the admin gave them on Mark As Sent. */
function shipmentRows(order: Order): string[] {
  return [
    ...(order.carrier ? [`Carrier: ${order.carrier}`] : []),
    ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
  ];
}

/** The notice sent when an admin marks an order sent, with its carrier and tracking number. */
export function sentEmail(order: Order, shopName: string, orderUrl: string): MailMessage {
  const { text } = lines(order);
  const shipment = shipmentRows(order);
  return {
    to: order.user.email,
    subject: `${shopName}: your order ${order._id} has been sent`,
    text: [
      `Hello ${order.user.name},`,
      '',
      `Your order ${order._id} is on its way:`,
      ...text,
      ...discountText(order),
      ...(shipment.length > 0 ? ['', ...shipment] : []),
      '',
      `Follow your order at ${orderUrl}`,
      '',
      shopName,
    ].join('\n'),
    html: page(`    <p>Hello ${escapeHtml(order.user.name)},</p>
    <p>Your order ${order._id} is on its way.</p>${
      shipment.length > 0
        ? `
    <p>${shipment.map(escapeHtml).join('<br>')}</p>`
        : ''
    }
    <p><a href="${escapeHtml(orderUrl)}">Follow your order</a></p>
    <p>${escapeHtml(shopName)}</p>`),
  };
}

/**
 * An after-sale notice to the buyer: what happened, the lines it is about, perhaps a word more,
 * and the way back to the order. Every part is escaped in the HTML.
 */
function notice(
  order: Order,
  shop: { shopName: string; orderUrl: string },
  subject: string,
  said: { what: string; listed?: readonly string[]; more?: readonly string[] },
): MailMessage {
  const listed = said.listed ?? [];
  const more = said.more ?? [];
  return {
    to: order.user.email,
    subject: `${shop.shopName}: ${subject}`,
    text: [
      `Hello ${order.user.name},`,
      '',
      said.what,
      ...listed,
      ...(more.length > 0 ? ['', ...more] : []),
      '',
      `See the order at ${shop.orderUrl}`,
      '',
      shop.shopName,
    ].join('\n'),
    html: page(`    <p>Hello ${escapeHtml(order.user.name)},</p>
    <p>${escapeHtml(said.what)}</p>
    ${listed.length > 0 ? `<p>${listed.map(escapeHtml).join('<br>')}</p>` : ''}
    ${more.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
    <p><a href="${escapeHtml(shop.orderUrl)}">See the order</a></p>
    <p>${escapeHtml(shop.shopName)}</p>`),
  };
}

/** "2 x Desk lamp" (with the option values of a variant) for each line, by the lines' ids. */
function namedLines(order: Order, lines: readonly { orderItem: string; qty: number }[]) {
  const names = new Map(
    order.orderItems.map((item) => [item._id, lineLabel(item.name, item.options)]),
  );
  return lines.map((line) => `${line.qty} x ${names.get(line.orderItem) ?? ''}`);
}

const cancelledBecause: Record<'buyer' | 'admin' | 'shop', string> = {
  buyer: 'as you asked',
  admin: 'by the shop',
  shop: 'because it was not paid in time',
};

/** The notice sent when an order is cancelled, by whom it was, and what becomes of the money. */
export function cancelledEmail(
  order: Order,
  shopName: string,
  orderUrl: string,
  by: keyof typeof cancelledBecause,
): MailMessage {
  const money = order.isPaid
    ? 'What you paid is being refunded; another e-mail will confirm it.'
    : 'Nothing was charged.';
  return notice(order, { shopName, orderUrl }, `your order ${order._id} has been cancelled`, {
    what: `Your order ${order._id} has been cancelled ${cancelledBecause[by]}. ${money}`,
    listed: [...lines(order).text, ...discountText(order)],
  });
}

/** The notice sent when a refund is made: its amount and the lines it gives back. */
export function refundEmail(
  order: Order,
  refund: Refund,
  shopName: string,
  orderUrl: string,
): MailMessage {
  const amount = moneyOf(order)(refund.amount);
  const what = [...namedLines(order, refund.lines), ...(refund.shipping ? ['Shipping'] : [])];
  return notice(order, { shopName, orderUrl }, `a refund of ${amount} for order ${order._id}`, {
    what: `We have refunded ${amount} for your order ${order._id}.`,
    listed: what.length > 0 ? ['For:', ...what] : [],
    more: ['It goes back to the way you paid; your bank may take a few days to show it.'],
  });
}

const returnWords = {
  received: (id: string) => `We have received your request to return items of order ${id}.`,
  accepted: (id: string) =>
    `Your return of items of order ${id} is accepted: we are refunding them, and another e-mail will confirm the refund.`,
  declined: (id: string) => `We cannot accept your return of items of order ${id}.`,
} as const;

/** The buyer's notice of each step of a return request: received, accepted, declined. */
export function returnEmail(
  order: Order,
  request: ReturnRequest,
  step: keyof typeof returnWords,
  shopName: string,
  orderUrl: string,
): MailMessage {
  const said = step === 'declined' && request.declineMessage ? [request.declineMessage] : [];
  return notice(order, { shopName, orderUrl }, `your return for order ${order._id} is ${step}`, {
    what: returnWords[step](order._id),
    listed: namedLines(order, request.lines),
    more: said,
  });
}
