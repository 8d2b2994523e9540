import { countryName } from '@proshop/domain/countries';
import { formatMoney, lineTotal, toCents } from '@proshop/domain/money';
import { orderLabel } from '@proshop/domain/order-number';
import type { Order } from '@proshop/domain/order-schemas';
import { refundStanding } from '@proshop/domain/order-status';
import { unitsKept } from '@proshop/domain/refunds';
import type { Refund, ReturnRequest } from '@proshop/domain/refund-schemas';
import { keptEstimateText, taxLineLabel } from '@proshop/domain/shipping-text';
import { lineLabel } from '@proshop/domain/variants';
import type { MailMessage } from '../mail/mailer.ts';
import { absoluteUrl, type MailBrand } from '../mail/templates/brand.ts';
import {
  button,
  list,
  note,
  orderLines,
  paragraph,
  totals,
  type MailLine,
} from '../mail/templates/components.ts';
import { html, type SafeHtml } from '../mail/templates/html.ts';
import { brandedMail } from '../mail/templates/layout.ts';

/** An amount of the order in the order's own currency, as the shop's screens show it. */
const moneyOf = (order: Order) => (amount: number) => formatMoney(toCents(amount), order.currency);

/** The order's figures as lines of text, the last one named `totalLabel` ("Total", "Total paid"). */
const totalsText = (order: Order, totalLabel: string): string[] =>
  priceRows(order, totalLabel).map((row) => `${row.label}: ${row.amount}`);

/** The order's lines as the HTML shows them (with their pictures) and as lines of text. */
function lines(order: Order, brand: MailBrand): { text: string[]; shown: MailLine[] } {
  const money = moneyOf(order);
  const shown = order.orderItems.map((item) => ({
    image: absoluteUrl(brand, item.image),
    label: lineLabel(item.name, item.options),
    qty: item.qty,
    price: money(item.price),
    total: formatMoney(lineTotal(toCents(item.price), item.qty), order.currency),
  }));
  const text = shown.map(
    ({ qty, label, price, total }) => `${qty} x ${label} at ${price} = ${total}`,
  );
  return { text, shown };
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

/** "Shipping (Express, 1–2 business days)": the method and estimate the order was placed with. */
function shippingLabel(order: Order): string {
  const { estimateMinDays, estimateMaxDays } = order.shipping;
  const estimate = keptEstimateText(estimateMinDays, estimateMaxDays);
  return `Shipping (${order.shipping.method}${estimate ? `, ${estimate}` : ''})`;
}

/**
 * Each tax of the order by its name and rate ("VAT 20%", "VAT 20% on shipping"), "Incl. …" when
 * the prices held it; an order without tax lines shows its one "Tax" figure.
 */
function taxRows(order: Order) {
  const money = moneyOf(order);
  if (order.taxLines.length === 0) return [{ label: 'Tax', amount: money(order.taxPrice) }];
  return order.taxLines.map((line) => {
    // The screens' words ("incl. VAT 20%"), begun with a capital as the e-mail's other rows are.
    const label = taxLineLabel(line, order.pricesIncludeTax);
    return { label: label[0]!.toUpperCase() + label.slice(1), amount: money(line.amount) };
  });
}

/** Items, discount, shipping, tax and the total, as the receipt and the HTML notices list them. */
function priceRows(order: Order, totalLabel: string) {
  const money = moneyOf(order);
  const discount = discountRow(order);
  return [
    { label: 'Items', amount: money(order.itemsPrice) },
    ...(discount ? [discount] : []),
    { label: shippingLabel(order), amount: money(order.shippingPrice) },
    ...taxRows(order),
    { label: totalLabel, amount: money(order.totalPrice) },
  ];
}

/** The order's lines with their pictures and its totals: what every buyer's e-mail shows. */
const orderSummary = (order: Order, brand: MailBrand, totalLabel: string): SafeHtml =>
  html`${orderLines(lines(order, brand).shown)}${totals(priceRows(order, totalLabel), { strongLast: true })}`;

/**
 * The order as its parcel holds it (issue #36): each line with the units the buyer keeps
 * (`unitsKept`: a unit refunded before sending is not in the parcel), lines given back whole
 * left out and named apart, and below the totals what was refunded and the new total.
 */
function parcel(order: Order) {
  const kept = unitsKept(order);
  const units = (item: Order['orderItems'][number]) => kept.get(item._id) ?? item.qty;
  const inParcel = order.orderItems
    .filter((item) => units(item) > 0)
    .map((item) => ({ ...item, qty: units(item) }));
  const notSent = order.orderItems
    .filter((item) => units(item) < item.qty)
    .map((item) => `${item.qty - units(item)} x ${lineLabel(item.name, item.options)}`);
  const standing = refundStanding(order);
  const refundedCents = standing.kind === 'none' ? 0 : standing.refundedCents;
  const refundRows =
    refundedCents === 0
      ? []
      : [
          { label: 'Refunded', amount: `-${formatMoney(refundedCents, order.currency)}` },
          {
            label: 'New total',
            amount: formatMoney(toCents(order.totalPrice) - refundedCents, order.currency),
          },
        ];
  return { order: { ...order, orderItems: inParcel }, notSent, refundRows };
}

/**
 * The parcel's lines and totals, as text and as HTML, and under `refundedLabel` the units
 * refunded ("Refunded, not in the parcel:" when it leaves; a refund may come after it did).
 */
function parcelSummary(order: Order, brand: MailBrand, refundedLabel: string) {
  const { order: sent, notSent, refundRows } = parcel(order);
  const rows = [...priceRows(order, 'Total'), ...refundRows];
  const refundedText = notSent.length > 0 ? ['', refundedLabel, ...notSent] : [];
  return {
    text: [
      ...lines(sent, brand).text,
      ...discountText(order),
      ...(refundRows.length > 0 ? [`Total: ${moneyOf(order)(order.totalPrice)}`] : []),
      ...refundRows.map((row) => `${row.label}: ${row.amount}`),
      ...refundedText,
    ],
    body: html`${orderLines(lines(sent, brand).shown)}${totals(rows, { strongLast: true })}
    ${notSent.length > 0 ? html`${paragraph(refundedLabel)}${list(notSent)}` : ''}`,
  };
}

const greeting = (order: Order) => paragraph(html`Hello ${order.user.name},`);

/**
 * Whether only the link sent when the order was placed opens it: a guest's order that no account
 * has taken over (issue #37). Its key is kept hashed only, so a later e-mail cannot link to it;
 * and its address never confirmed anything, so its e-mails carry no account link or invitation.
 */
export const opensByGuestLinkOnly = (order: Order) => order.isGuest && order.user._id === null;

export const GUEST_LINK_HINT =
  'Open your order with the link in the e-mail we sent when you placed it.';

/**
 * The way back to the order at the end of an e-mail: "{lead} {url}" and a button; for an order
 * only its guest link opens (orderUrl null), where to find that link.
 */
function orderLink(brand: MailBrand, orderUrl: string | null, lead: string, label: string) {
  if (orderUrl === null) return { text: [GUEST_LINK_HINT], body: paragraph(GUEST_LINK_HINT) };
  return { text: [`${lead} ${orderUrl}`], body: button(brand, orderUrl, label) };
}

/**
 * The one e-mail a guest's order sends before it is paid (issue #37): its summary and the link
 * that opens it, `/order/{id}?key={key}`, to keep. The key is not kept by the shop (only its
 * hash), so this e-mail is the way back to the order; the outbox forgets the key once it is sent.
 */
export function guestLinkEmail(order: Order, brand: MailBrand, link: string): MailMessage {
  const { text } = lines(order, brand);
  const number = orderLabel(order.orderNumber);
  const keep =
    'Keep this e-mail: its link is the way to see your order, pay for it, cancel it or ask to return it. Anyone with the link can do so, so do not forward it.';
  const unpaid = order.isPaid ? [] : ['It is waiting for your payment: open it to pay.'];
  return brandedMail(brand, {
    to: order.user.email,
    subject: `${brand.shopName}: your order ${number}`,
    preheader: `Your order ${number}: the link to see, pay or cancel it.`,
    text: [
      `Hello ${order.user.name},`,
      '',
      `Thank you for your order ${number}.`,
      ...unpaid,
      '',
      ...text,
      ...totalsText(order, 'Total'),
      '',
      `Open your order: ${link}`,
      keep,
      '',
      brand.shopName,
    ],
    body: html`${greeting(order)} ${paragraph(`Thank you for your order ${number}.`)}
    ${unpaid.map((line) => paragraph(line))} ${orderSummary(order, brand, 'Total')}
    ${button(brand, link, 'Open your order')} ${note(keep)}`,
  });
}

/**
 * "Ann Lee, 1 Main St, Springfield US-CA 12345, United States": the country by its name (a code
 * it cannot name, or the text of an older order, as it is), the recipient and region if given.
 */
function addressText(a: Order['shippingAddress']): string {
  const place = [a.city, a.region, a.postalCode].filter((part) => part).join(' ');
  return [a.name, a.address, place, countryName(a.country)].filter((part) => part).join(', ');
}

/** The receipt sent when an order is paid. */
export function receiptEmail(order: Order, brand: MailBrand, orderUrl: string | null): MailMessage {
  const { text } = lines(order, brand);
  const back = orderLink(brand, orderUrl, 'Follow your order at', 'Follow your order');
  const money = moneyOf(order);
  const { shopName } = brand;
  const number = orderLabel(order.orderNumber);
  const address = addressText(order.shippingAddress);
  return brandedMail(brand, {
    to: order.user.email,
    subject: `${shopName}: receipt for order ${number}`,
    preheader: `We have received your payment of ${money(order.totalPrice)}.`,
    text: [
      `Hello ${order.user.name},`,
      '',
      `Thank you for your order ${number}. We have received your payment.`,
      '',
      ...text,
      ...totalsText(order, 'Total paid'),
      '',
      `It will be sent to ${address}.`,
      ...back.text,
      '',
      shopName,
    ],
    body: html`${greeting(order)}
    ${paragraph(`Thank you for your order ${number}. We have received your payment.`)}
    ${orderSummary(order, brand, 'Total paid')} ${paragraph(`It will be sent to ${address}.`)}
    ${back.body}`,
  });
}

/** "Carrier: DHL" and "Tracking number: …", as far as the admin gave them on Mark As Sent. */
function shipmentRows(order: Order): string[] {
  return [
    ...(order.carrier ? [`Carrier: ${order.carrier}`] : []),
    ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
  ];
}

/** The notice sent when an admin marks an order sent, with its carrier and tracking number. */
export function sentEmail(order: Order, brand: MailBrand, orderUrl: string | null): MailMessage {
  const summary = parcelSummary(order, brand, 'Refunded, not in the parcel:');
  const back = orderLink(brand, orderUrl, 'Follow your order at', 'Follow your order');
  const shipment = shipmentRows(order);
  return brandedMail(brand, {
    to: order.user.email,
    subject: `${brand.shopName}: your order ${orderLabel(order.orderNumber)} has been sent`,
    preheader: `Your order ${orderLabel(order.orderNumber)} is on its way.`,
    text: [
      `Hello ${order.user.name},`,
      '',
      `Your order ${orderLabel(order.orderNumber)} is on its way:`,
      ...summary.text,
      ...(shipment.length > 0 ? ['', ...shipment] : []),
      '',
      ...back.text,
      '',
      brand.shopName,
    ],
    body: html`${greeting(order)}
    ${paragraph(`Your order ${orderLabel(order.orderNumber)} is on its way.`)}
    ${shipment.length > 0 ? list(shipment) : ''} ${summary.body} ${back.body}`,
  });
}

/** The notice sent when an admin marks an order delivered. */
export function deliveredEmail(
  order: Order,
  brand: MailBrand,
  orderUrl: string | null,
): MailMessage {
  const summary = parcelSummary(order, brand, 'Refunded:');
  const back = orderLink(brand, orderUrl, 'See the order at', 'See the order');
  // Reviews are written from an account: no invitation to an address that never confirmed one.
  const review = opensByGuestLinkOnly(order)
    ? 'We hope you enjoy it.'
    : 'We hope you enjoy it. You can review what you bought on its product page.';
  return brandedMail(brand, {
    to: order.user.email,
    subject: `${brand.shopName}: your order ${orderLabel(order.orderNumber)} has been delivered`,
    preheader: `Your order ${orderLabel(order.orderNumber)} has been delivered.`,
    text: [
      `Hello ${order.user.name},`,
      '',
      `Your order ${orderLabel(order.orderNumber)} has been delivered:`,
      ...summary.text,
      '',
      review,
      ...back.text,
      '',
      brand.shopName,
    ],
    body: html`${greeting(order)}
    ${paragraph(`Your order ${orderLabel(order.orderNumber)} has been delivered.`)} ${summary.body}
    ${paragraph(review)} ${back.body}`,
  });
}

/**
 * An after-sale notice to the buyer: what happened, the lines it is about, perhaps a word more,
 * and the way back to the order. Every part is escaped in the HTML.
 */
function notice(
  order: Order,
  shop: { brand: MailBrand; orderUrl: string | null },
  subject: string,
  said: { what: string; listed?: readonly string[]; more?: readonly string[]; summary?: boolean },
): MailMessage {
  const listed = said.listed ?? [];
  const more = said.more ?? [];
  const { brand, orderUrl } = shop;
  const back = orderLink(brand, orderUrl, 'See the order at', 'See the order');
  return brandedMail(brand, {
    to: order.user.email,
    subject: `${brand.shopName}: ${subject}`,
    preheader: said.what,
    text: [
      `Hello ${order.user.name},`,
      '',
      said.what,
      ...listed,
      ...(more.length > 0 ? ['', ...more] : []),
      '',
      ...back.text,
      '',
      brand.shopName,
    ],
    body: html`${greeting(order)} ${paragraph(said.what)}
    ${said.summary ? orderSummary(order, brand, 'Total') : listed.length > 0 ? list(listed) : ''}
    ${more.map((line) => note(line))} ${back.body}`,
  });
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
  brand: MailBrand,
  orderUrl: string | null,
  by: keyof typeof cancelledBecause,
): MailMessage {
  const money = order.isPaid
    ? 'What you paid is being refunded; another e-mail will confirm it.'
    : 'Nothing was charged.';
  return notice(
    order,
    { brand, orderUrl },
    `your order ${orderLabel(order.orderNumber)} has been cancelled`,
    {
      what: `Your order ${orderLabel(order.orderNumber)} has been cancelled ${cancelledBecause[by]}. ${money}`,
      listed: [...lines(order, brand).text, ...discountText(order)],
      summary: true,
    },
  );
}

/** The notice sent when a refund is made: its amount and the lines it gives back. */
export function refundEmail(
  order: Order,
  refund: Refund,
  brand: MailBrand,
  orderUrl: string | null,
): MailMessage {
  const amount = moneyOf(order)(refund.amount);
  const what = [...namedLines(order, refund.lines), ...(refund.shipping ? ['Shipping'] : [])];
  return notice(
    order,
    { brand, orderUrl },
    `a refund of ${amount} for order ${orderLabel(order.orderNumber)}`,
    {
      what: `We have refunded ${amount} for your order ${orderLabel(order.orderNumber)}.`,
      listed: what.length > 0 ? ['For:', ...what] : [],
      more: ['It goes back to the way you paid; your bank may take a few days to show it.'],
    },
  );
}

const returnWords = {
  received: (number: string) => `We have received your request to return items of order ${number}.`,
  accepted: (number: string) =>
    `Your return of items of order ${number} is accepted: we are refunding them, and another e-mail will confirm the refund.`,
  declined: (number: string) => `We cannot accept your return of items of order ${number}.`,
} as const;

/** The buyer's notice of each step of a return request: received, accepted, declined. */
export function returnEmail(
  order: Order,
  request: ReturnRequest,
  step: keyof typeof returnWords,
  brand: MailBrand,
  orderUrl: string | null,
): MailMessage {
  const said = step === 'declined' && request.declineMessage ? [request.declineMessage] : [];
  return notice(
    order,
    { brand, orderUrl },
    `your return for order ${orderLabel(order.orderNumber)} is ${step}`,
    {
      what: returnWords[step](orderLabel(order.orderNumber)),
      listed: namedLines(order, request.lines),
      more: said,
    },
  );
}
