import type { Order } from '@proshop/domain/order-schemas';
import type { Refund, ReturnRequest } from '@proshop/domain/refund-schemas';
import { DEFAULT_SHOP_COLOR } from '@proshop/domain/shop-color';
import type { MailMessage } from '../../modules/mail/mailer.ts';
import { mailBrand } from '../../modules/mail/templates/brand.ts';
import { lowStockEmail } from '../../modules/products/low-stock-alert.ts';
import {
  cancelledEmail,
  deliveredEmail,
  guestLinkEmail,
  receiptEmail,
  refundEmail,
  returnEmail,
  sentEmail,
} from '../../modules/orders/order-emails.ts';
import { shopAlertEmail } from '../../modules/orders/shop-alert-email.ts';
import { accountChangedEmail } from '../../modules/users/account-changed-email.ts';
import { confirmationEmail } from '../../modules/users/email-confirmation-email.ts';
import { resetCodeEmail } from '../../modules/users/reset-email.ts';
import { backInStockEmail } from '../../modules/wishlist/back-in-stock-email.ts';

/** The shop of the samples: fixed, so the previews and the snapshot tests never change alone. */
export const SAMPLE_BRAND = mailBrand({
  shopName: 'ProShop',
  publicUrl: 'https://shop.example',
  shopColor: DEFAULT_SHOP_COLOR,
});

const ORDER_ID = '0b7d3c1e-5f4a-4e2b-9c8d-7a6b5c4d3e2f';
const ORDER_URL = `${SAMPLE_BRAND.publicUrl}/order/${ORDER_ID}`;

/**
 * A paid order with two lines (one a variant), a discount code and a buyer whose name and
 * address hold characters that must be escaped.
 */
export const SAMPLE_ORDER: Order = {
  _id: ORDER_ID,
  orderNumber: 1042,
  user: { _id: 'u-1', name: 'Zoë <Tester> & Co', email: 'zoe@example.com' },
  isGuest: false,
  orderItems: [
    {
      _id: 'line-1',
      product: 'p-1',
      variant: 'v-1',
      sku: 'BACKPACK-GREEN',
      options: [{ name: 'Colour', value: 'Green' }],
      name: 'Travel Backpack',
      image: '/images/backpack-green-160.webp',
      price: 79.99,
      qty: 1,
      discount: 8,
      tax: 10.8,
      taxBasisPoints: 1500,
      taxName: 'Tax',
    },
    {
      _id: 'line-2',
      product: 'p-2',
      variant: null,
      sku: 'DESK-LAMP',
      options: [],
      name: 'Desk Lamp',
      image: 'https://cdn.example/desk-lamp.webp',
      price: 24.5,
      qty: 2,
      discount: 4.9,
      tax: 6.62,
      taxBasisPoints: 1500,
      taxName: 'Tax',
    },
  ],
  shippingAddress: {
    address: '1 "Quoted" Lane',
    city: 'Springfield',
    postalCode: '12345',
    region: 'US-IL',
    country: 'US',
  },
  paymentMethod: 'PayPal',
  itemsPrice: 128.99,
  discountPrice: 12.9,
  discountCode: 'SUMMER10',
  shippingPrice: 0,
  shipping: { method: 'Standard', estimateMinDays: 3, estimateMaxDays: 5, tax: 0 },
  // Rounded per line (10.80 + 6.62), as the shop charges it.
  taxPrice: 17.42,
  taxLines: [{ name: 'Tax', basisPoints: 1500, appliesTo: 'items', base: 116.09, amount: 17.42 }],
  pricesIncludeTax: false,
  totalPrice: 133.51,
  currency: 'USD',
  isPaid: true,
  paidAt: '2026-11-20T10:00:00.000Z',
  isSent: true,
  sentAt: '2026-11-21T10:00:00.000Z',
  carrier: 'DHL',
  trackingNumber: 'JD014600003SE',
  isDelivered: false,
  deliveredAt: null,
  isCancelled: false,
  cancelledAt: null,
  refunds: [],
  returns: [],
  createdAt: '2026-11-20T09:55:00.000Z',
};

const SAMPLE_REFUND: Refund = {
  _id: 'refund-1',
  amount: 24.5,
  currency: 'USD',
  status: 'completed',
  reason: 'Damaged',
  shipping: false,
  restock: true,
  lines: [{ orderItem: 'line-2', qty: 1 }],
  createdAt: '2026-11-22T10:00:00.000Z',
  completedAt: '2026-11-22T10:00:05.000Z',
};

const SAMPLE_RETURN: ReturnRequest = {
  _id: 'return-1',
  status: 'declined',
  reason: 'Too big',
  declineMessage: 'Worn items cannot be returned <sorry>.',
  refund: null,
  lines: [{ orderItem: 'line-1', qty: 1 }],
  createdAt: '2026-11-23T10:00:00.000Z',
  decidedAt: '2026-11-23T12:00:00.000Z',
};

/** The sample order placed by a guest (issue #37), before payment: no account, a link's key. */
const SAMPLE_GUEST_ORDER: Order = {
  ...SAMPLE_ORDER,
  user: { ...SAMPLE_ORDER.user, _id: null },
  isGuest: true,
  isPaid: false,
  paidAt: null,
  isSent: false,
  sentAt: null,
  carrier: null,
  trackingNumber: null,
};

/** Every e-mail the shop sends, by a file name, with the sample data above. */
export function sampleMails(brand = SAMPLE_BRAND): Record<string, MailMessage> {
  const order = SAMPLE_ORDER;
  const to = order.user.email;
  const guestOrder = SAMPLE_GUEST_ORDER;
  return {
    'email-confirmation': confirmationEmail({
      to,
      link: `${brand.publicUrl}/confirm-email/2mXgQ3wz0bq6QdY1m7a9Jt3ZCwJm4v8nB5eR1sT6uVw`,
      brand,
      change: false,
    }),
    'email-change-confirmation': confirmationEmail({
      to: 'new-address@example.com',
      link: `${brand.publicUrl}/confirm-email/2mXgQ3wz0bq6QdY1m7a9Jt3ZCwJm4v8nB5eR1sT6uVw`,
      brand,
      change: true,
    }),
    'password-reset-code': resetCodeEmail({
      to,
      code: '042917',
      brand,
      resetUrl: `${brand.publicUrl}/resetpassword`,
    }),
    'account-changed': accountChangedEmail({
      to,
      changed: { email: true, password: true },
      brand,
      help: 'write to help@shop.example at once.',
    }),
    receipt: receiptEmail(order, brand, ORDER_URL),
    'guest-order-link': guestLinkEmail(
      guestOrder,
      brand,
      `${ORDER_URL}?key=q3Zr8Xw1Lm0Pn5Ts7Vb2Yc4Kd6Jf9Gh1Qe3Ra5Su7Wx`,
    ),
    // A guest's receipt: no link (the key is not kept), where to find the first e-mail's.
    'guest-receipt': receiptEmail(
      { ...guestOrder, isPaid: true, paidAt: order.paidAt },
      brand,
      null,
    ),
    sent: sentEmail(order, brand, ORDER_URL),
    // One of the two lamps refunded and restocked before the parcel left.
    'sent-after-refund': sentEmail({ ...order, refunds: [SAMPLE_REFUND] }, brand, ORDER_URL),
    delivered: deliveredEmail({ ...order, isDelivered: true }, brand, ORDER_URL),
    cancelled: cancelledEmail({ ...order, isSent: false }, brand, ORDER_URL, 'buyer'),
    refund: refundEmail(order, SAMPLE_REFUND, brand, ORDER_URL),
    'return-received': returnEmail(
      order,
      { ...SAMPLE_RETURN, status: 'requested', declineMessage: null },
      'received',
      brand,
      ORDER_URL,
    ),
    'return-declined': returnEmail(order, SAMPLE_RETURN, 'declined', brand, ORDER_URL),
    'back-in-stock': backInStockEmail({
      to,
      productLabel: 'Travel Backpack (Colour: Green)',
      productId: 'p-1',
      image: '/images/backpack-green-160.webp',
      brand,
    }),
    'low-stock': lowStockEmail(
      [
        {
          productId: 'p-1',
          productName: 'Travel Backpack',
          sku: 'BACKPACK-GREEN',
          options: [{ name: 'Colour', value: 'Green' }],
          left: 2,
          threshold: 3,
        },
        {
          productId: 'p-2',
          productName: 'Desk Lamp',
          sku: 'DESK-LAMP',
          options: [],
          left: 0,
          threshold: 3,
        },
      ],
      { to: 'shop@shop.example', brand },
    ),
    'shop-alert': shopAlertEmail(brand, {
      to: 'shop@shop.example',
      subject: 'a payment was reversed',
      text: `PayPal reversed the payment of order #1042 (${ORDER_ID}).\nLook at it in the admin's order list.`,
    }),
  };
}
