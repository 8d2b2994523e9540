import { PAYMENT_METHODS, type PaymentMethod } from '@proshop/domain/order-schemas';

/** The stored choice may come from an older visit; only the shop's own methods count. */
export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}
