import type { Database } from '../../db/client.ts';

/**
 * What confirming an account's e-mail hands to the orders module, whose table it changes (one
 * writer per table, decision 0042; app.ts wires orders/guest-claims.ts in): the guest orders
 * placed with that e-mail become the account's, so that they show in its My Orders (issue #37).
 * Only once the address is confirmed: before, anyone could register it and read them.
 */
export interface GuestOrderClaims {
  /** In the confirming transaction; answers how many orders the account took over. */
  claim(tx: Database, account: { id: string; email: string }): Promise<number>;
}
