import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  pricingSettings,
  shippingMethods,
  shippingZones,
  taxClasses,
  taxRates,
} from '../../db/schema/shipping.ts';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type MethodRow = typeof shippingMethods.$inferSelect;
export type TaxClassRow = typeof taxClasses.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

export type ZoneValues = Pick<
  typeof shippingZones.$inferInsert,
  'name' | 'restOfWorld' | 'countries' | 'regions' | 'postalPrefixes' | 'shippingTaxClassId'
>;
export type MethodValues = Pick<
  typeof shippingMethods.$inferInsert,
  | 'name'
  | 'price'
  | 'freeAbove'
  | 'minOrder'
  | 'weightBands'
  | 'estimateMinDays'
  | 'estimateMaxDays'
  | 'active'
>;

/**
 * Locks the shop's one pricing_settings row until the transaction ends: every change of the
 * merchant's shipping and tax settings takes it first, so two admins' changes happen one after
 * the other. A zone created while another is deleted or the zones are reordered then reads the
 * positions the other left, and "one default class" or "at most MAX_ZONES" is checked against
 * what is committed. Made if an import or a hand left the shop without it.
 */
export async function lockShippingSettings(tx: Database): Promise<{ pricesIncludeTax: boolean }> {
  await tx.insert(pricingSettings).values({ id: 'shop' }).onConflictDoNothing();
  const [row] = await tx
    .select({ pricesIncludeTax: pricingSettings.pricesIncludeTax })
    .from(pricingSettings)
    .where(eq(pricingSettings.id, 'shop'))
    .for('update');
  return row!;
}

export async function readPricesIncludeTax(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ pricesIncludeTax: pricingSettings.pricesIncludeTax })
    .from(pricingSettings)
    .where(eq(pricingSettings.id, 'shop'));
  return row?.pricesIncludeTax ?? false;
}

export async function setPricesIncludeTax(tx: Database, value: boolean): Promise<void> {
  await tx
    .update(pricingSettings)
    .set({ pricesIncludeTax: value, updatedAt: new Date() })
    .where(eq(pricingSettings.id, 'shop'));
}

/** Zones, methods, classes and rates as the settings screens list them, in their orders. */
export async function findAllSettings(db: Database) {
  const [zones, methods, classes, rates] = await Promise.all([
    db
      .select()
      .from(shippingZones)
      .orderBy(asc(shippingZones.position), asc(shippingZones.createdAt)),
    db
      .select()
      .from(shippingMethods)
      .orderBy(asc(shippingMethods.position), asc(shippingMethods.createdAt)),
    db.select().from(taxClasses).orderBy(asc(taxClasses.position), asc(taxClasses.name)),
    db.select().from(taxRates).orderBy(asc(taxRates.createdAt), asc(taxRates.id)),
  ]);
  return { zones, methods, classes, rates };
}

// Zones

export async function findZone(db: Database, id: string): Promise<ZoneRow | undefined> {
  const [row] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
  return row;
}

/** Every zone's id in the matching order. */
export async function findZoneIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .orderBy(asc(shippingZones.position), asc(shippingZones.createdAt));
  return rows.map((row) => row.id);
}

/** A new zone after every other (the caller holds lockShippingSettings). */
export async function insertZoneLast(tx: Database, values: ZoneValues): Promise<string> {
  const [made] = await tx
    .insert(shippingZones)
    .values({
      ...values,
      position: sql`(select coalesce(max(${shippingZones.position}) + 1, 0) from ${shippingZones})`,
    })
    .returning({ id: shippingZones.id });
  return made!.id;
}

export async function updateZone(tx: Database, id: string, values: ZoneValues): Promise<boolean> {
  const updated = await tx
    .update(shippingZones)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return updated.length > 0;
}

/** Deletes a zone with its methods and rates (their foreign keys cascade). */
export async function deleteZone(tx: Database, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(shippingZones)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return deleted.length > 0;
}

/** Positions 0, 1, 2 ... in the order of `ids`, in one statement. */
export async function setZonePositions(tx: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${shippingZones} set position = given.position - 1, updated_at = now()
    from unnest(${sql.param(ids)}::uuid[]) with ordinality as given(id, position)
    where ${shippingZones.id} = given.id`);
}

// Methods

export async function findMethod(db: Database, id: string): Promise<MethodRow | undefined> {
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  return row;
}

export async function findMethodsOfZone(db: Database, zoneId: string): Promise<MethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, zoneId))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.createdAt));
}

export async function findRatesOfZone(db: Database, zoneId: string): Promise<TaxRateRow[]> {
  return db
    .select()
    .from(taxRates)
    .where(eq(taxRates.zoneId, zoneId))
    .orderBy(asc(taxRates.createdAt), asc(taxRates.id));
}

export async function countMethodsOfZone(db: Database, zoneId: string): Promise<number> {
  const [row] = await db
    .select({ methods: count() })
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, zoneId));
  return row?.methods ?? 0;
}

/** A new method after the zone's others (the caller holds lockShippingSettings). */
export async function insertMethodLast(
  tx: Database,
  zoneId: string,
  values: MethodValues,
): Promise<MethodRow> {
  const [made] = await tx
    .insert(shippingMethods)
    .values({
      ...values,
      zoneId,
      position: sql`(select coalesce(max(${shippingMethods.position}) + 1, 0) from ${shippingMethods}
        where ${shippingMethods.zoneId} = ${zoneId})`,
    })
    .returning();
  return made!;
}

export async function updateMethod(
  tx: Database,
  id: string,
  values: MethodValues,
): Promise<MethodRow | undefined> {
  const [updated] = await tx
    .update(shippingMethods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shippingMethods.id, id))
    .returning();
  return updated;
}

export async function deleteMethod(tx: Database, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(shippingMethods)
    .where(eq(shippingMethods.id, id))
    .returning({ id: shippingMethods.id });
  return deleted.length > 0;
}

// Tax classes

export async function findTaxClass(db: Database, id: string): Promise<TaxClassRow | undefined> {
  const [row] = await db.select().from(taxClasses).where(eq(taxClasses.id, id));
  return row;
}

export async function findTaxClasses(db: Database): Promise<TaxClassRow[]> {
  return db.select().from(taxClasses).orderBy(asc(taxClasses.position), asc(taxClasses.name));
}

/** The id of the class with this name in any case, other than `exceptId`. */
export async function findClassNamed(
  db: Database,
  name: string,
  exceptId?: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: taxClasses.id })
    .from(taxClasses)
    .where(
      and(
        sql`lower(${taxClasses.name}) = lower(${name})`,
        exceptId ? ne(taxClasses.id, exceptId) : undefined,
      ),
    );
  return row?.id;
}

export async function countTaxClasses(db: Database): Promise<number> {
  const [row] = await db.select({ classes: count() }).from(taxClasses);
  return row?.classes ?? 0;
}

/** A new class after the others (the caller holds lockShippingSettings). */
export async function insertTaxClassLast(tx: Database, name: string): Promise<string> {
  const [made] = await tx
    .insert(taxClasses)
    .values({
      name,
      position: sql`(select coalesce(max(${taxClasses.position}) + 1, 0) from ${taxClasses})`,
    })
    .returning({ id: taxClasses.id });
  return made!.id;
}

export async function renameTaxClass(tx: Database, id: string, name: string): Promise<void> {
  await tx.update(taxClasses).set({ name, updatedAt: new Date() }).where(eq(taxClasses.id, id));
}

/**
 * Makes this class the default and the one before an ordinary class, in two statements of the
 * caller's transaction: the one-default index never sees two defaults.
 */
export async function makeDefaultTaxClass(tx: Database, id: string): Promise<void> {
  await tx
    .update(taxClasses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(taxClasses.isDefault, true), ne(taxClasses.id, id)));
  await tx
    .update(taxClasses)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(eq(taxClasses.id, id));
}

/** Deletes a class with its rates (cascade); zones that taxed shipping at it no longer do. */
export async function deleteTaxClass(tx: Database, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(taxClasses)
    .where(eq(taxClasses.id, id))
    .returning({ id: taxClasses.id });
  return deleted.length > 0;
}

// Tax rates

export async function findTaxRate(db: Database, id: string): Promise<TaxRateRow | undefined> {
  const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id));
  return row;
}

/** The rate of the class in the zone, made or changed (one per zone and class). */
export async function upsertTaxRate(
  tx: Database,
  values: { zoneId: string; taxClassId: string; name: string; basisPoints: number },
): Promise<TaxRateRow> {
  const [row] = await tx
    .insert(taxRates)
    .values(values)
    .onConflictDoUpdate({
      target: [taxRates.zoneId, taxRates.taxClassId],
      set: { name: values.name, basisPoints: values.basisPoints, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteTaxRate(tx: Database, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(taxRates)
    .where(eq(taxRates.id, id))
    .returning({ id: taxRates.id });
  return deleted.length > 0;
}

/** Which of these ids name a class. */
export async function existingTaxClassIds(
  db: Database,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: taxClasses.id })
    .from(taxClasses)
    .where(inArray(taxClasses.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}
