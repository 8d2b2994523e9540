import type { ShippingSettings } from '@proshop/domain/shipping-schemas';
import type { Database } from '../../db/client.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { productCountsByTaxClass } from '../products/tax-class-use.ts';
import { toTaxClass, toZone } from './settings-answers.ts';
import {
  findAllSettings,
  lockShippingSettings,
  readPricesIncludeTax,
  setPricesIncludeTax,
} from './settings-repository.ts';

/**
 * Runs a change of the merchant's shipping and tax settings: in one transaction, after checking
 * that the caller is still an admin, holding the settings' lock (lockShippingSettings) so that
 * two admins' changes never interleave.
 */
export function changeSettings<T>(
  db: Database,
  admin: SessionUser,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    await lockShippingSettings(tx);
    return change(tx);
  });
}

/** GET /api/admin/shipping: every zone in its order with its methods and rates, every class. */
export async function getShippingSettings(db: Database): Promise<ShippingSettings> {
  const [{ zones, methods, classes, rates }, counts, pricesIncludeTax] = await Promise.all([
    findAllSettings(db),
    productCountsByTaxClass(db),
    readPricesIncludeTax(db),
  ]);
  return {
    zones: zones.map((zone) => toZone(zone, methods, rates)),
    taxClasses: classes.map((row) => toTaxClass(row, counts)),
    pricesIncludeTax,
  };
}

/**
 * PUT /api/admin/tax-settings: whether catalogue prices include tax. Placed orders keep what
 * they were placed with (their own pricesIncludeTax).
 */
export async function updateTaxSettings(
  db: Database,
  admin: SessionUser,
  request: { pricesIncludeTax: boolean },
): Promise<{ pricesIncludeTax: boolean }> {
  await changeSettings(db, admin, (tx) => setPricesIncludeTax(tx, request.pricesIncludeTax));
  return { pricesIncludeTax: request.pricesIncludeTax };
}
