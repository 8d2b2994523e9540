import { centsToDecimalString, toCents } from '@proshop/domain/money';
import {
  MAX_METHODS_PER_ZONE,
  MAX_ZONES,
  SHIPPING_MESSAGES,
  type methodRequestSchema,
  type ShippingMethod,
  type ShippingSettings,
  type ShippingZone,
  type zoneRequestSchema,
} from '@proshop/domain/shipping-schemas';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, invalid, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { toMethod, toZone } from './settings-answers.ts';
import { changeSettings, getShippingSettings } from './settings-service.ts';
import {
  countMethodsOfZone,
  deleteMethod,
  deleteZone,
  existingTaxClassIds,
  findMethod,
  findMethodsOfZone,
  findRatesOfZone,
  findZone,
  findZoneIds,
  insertMethodLast,
  insertZoneLast,
  setZonePositions,
  updateMethod,
  updateZone,
  type MethodValues,
  type ZoneValues,
} from './settings-repository.ts';

type ZoneRequest = z.output<typeof zoneRequestSchema>;
type MethodRequest = z.output<typeof methodRequestSchema>;

export const ZONE_REMOVED = 'Shipping zone removed';
export const METHOD_REMOVED = 'Shipping method removed';
export const zoneOrderMismatch =
  'The zone order must name every shipping zone exactly once; reload the zones and try again.';

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * A zone's stored values. The rest of the world serves every address, so its lists are stored
 * empty (the rule ignores them); the class shipping is taxed at must exist.
 */
async function zoneValues(tx: Database, request: ZoneRequest): Promise<ZoneValues> {
  const classId = request.shippingTaxClass;
  if (classId !== null) {
    const found = isUuid(classId) ? await existingTaxClassIds(tx, [classId]) : new Set();
    if (!found.has(classId)) throw invalid(SHIPPING_MESSAGES.taxClassNotFound);
  }
  const everywhere = request.restOfWorld;
  return {
    name: request.name,
    restOfWorld: everywhere,
    countries: everywhere ? [] : unique(request.countries),
    regions: everywhere ? [] : unique(request.regions),
    postalPrefixes: everywhere ? [] : unique(request.postalPrefixes),
    shippingTaxClassId: classId,
  };
}

/** A zone as the API sends it, read in the caller's transaction. */
async function zoneAnswer(db: Database, id: string): Promise<ShippingZone> {
  const zone = await findZone(db, id);
  if (!zone) throw notFound(SHIPPING_MESSAGES.zoneNotFound);
  const methods = await findMethodsOfZone(db, id);
  const rates = await findRatesOfZone(db, id);
  return toZone(zone, methods, rates);
}

/** POST /api/admin/shipping/zones: a new zone, matched after every other. */
export async function createZone(
  db: Database,
  admin: SessionUser,
  request: ZoneRequest,
): Promise<ShippingZone> {
  return changeSettings(db, admin, async (tx) => {
    if ((await findZoneIds(tx)).length >= MAX_ZONES) throw conflict(SHIPPING_MESSAGES.tooManyZones);
    const id = await insertZoneLast(tx, await zoneValues(tx, request));
    return zoneAnswer(tx, id);
  });
}

/** PUT /api/admin/shipping/zones/{id}: its name, where it serves and its shipping's tax. */
export async function changeZone(
  db: Database,
  admin: SessionUser,
  id: string,
  request: ZoneRequest,
): Promise<ShippingZone> {
  if (!isUuid(id)) throw notFound(SHIPPING_MESSAGES.zoneNotFound);
  return changeSettings(db, admin, async (tx) => {
    if (!(await findZone(tx, id))) throw notFound(SHIPPING_MESSAGES.zoneNotFound);
    await updateZone(tx, id, await zoneValues(tx, request));
    return zoneAnswer(tx, id);
  });
}

/**
 * DELETE /api/admin/shipping/zones/{id}: the zone goes with its methods and rates; the others
 * close up (positions stay 0, 1, 2 ...). Placed orders keep their snapshot of the method.
 */
export async function removeZone(
  db: Database,
  admin: SessionUser,
  id: string,
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(SHIPPING_MESSAGES.zoneNotFound);
  return changeSettings(db, admin, async (tx) => {
    if (!(await deleteZone(tx, id))) throw notFound(SHIPPING_MESSAGES.zoneNotFound);
    await setZonePositions(tx, await findZoneIds(tx));
    return { message: ZONE_REMOVED };
  });
}

/**
 * PUT /api/admin/shipping/zone-order: the order zones are matched in. The request names every
 * zone once: one made or deleted meanwhile by another admin makes it 400, rather than a zone
 * silently left at the end or an order that names a zone no longer there.
 */
export async function orderZones(
  db: Database,
  admin: SessionUser,
  request: { zones: readonly string[] },
): Promise<ShippingSettings> {
  await changeSettings(db, admin, async (tx) => {
    const stored = await findZoneIds(tx);
    const given = new Set(request.zones);
    const complete =
      given.size === request.zones.length &&
      given.size === stored.length &&
      stored.every((id) => given.has(id));
    if (!complete) throw invalid(zoneOrderMismatch);
    await setZonePositions(tx, request.zones);
  });
  return getShippingSettings(db);
}

/** A method's stored values: amounts as exact decimals, bands in cents from the lightest. */
function methodValues(request: MethodRequest): MethodValues {
  const decimal = (amount: number) => centsToDecimalString(toCents(amount));
  return {
    name: request.name,
    price: decimal(request.price),
    freeAbove: request.freeAbove === null ? null : decimal(request.freeAbove),
    minOrder: request.minOrder === null ? null : decimal(request.minOrder),
    weightBands: request.weightBands
      .map((band) => ({ upToGrams: band.upToGrams, priceCents: toCents(band.price) }))
      .sort((a, b) => a.upToGrams - b.upToGrams),
    estimateMinDays: request.estimateMinDays,
    estimateMaxDays: request.estimateMaxDays,
    active: request.active,
  };
}

/** POST /api/admin/shipping/zones/{id}/methods: a new method, offered after the zone's others. */
export async function createMethod(
  db: Database,
  admin: SessionUser,
  zoneId: string,
  request: MethodRequest,
): Promise<ShippingMethod> {
  if (!isUuid(zoneId)) throw notFound(SHIPPING_MESSAGES.zoneNotFound);
  return changeSettings(db, admin, async (tx) => {
    if (!(await findZone(tx, zoneId))) throw notFound(SHIPPING_MESSAGES.zoneNotFound);
    if ((await countMethodsOfZone(tx, zoneId)) >= MAX_METHODS_PER_ZONE) {
      throw conflict(SHIPPING_MESSAGES.tooManyMethods);
    }
    return toMethod(await insertMethodLast(tx, zoneId, methodValues(request)));
  });
}

/** PUT /api/admin/shipping/methods/{id}. Placed orders keep their snapshot. */
export async function changeMethod(
  db: Database,
  admin: SessionUser,
  id: string,
  request: MethodRequest,
): Promise<ShippingMethod> {
  if (!isUuid(id)) throw notFound(SHIPPING_MESSAGES.methodNotFound);
  return changeSettings(db, admin, async (tx) => {
    const updated = await updateMethod(tx, id, methodValues(request));
    if (!updated) throw notFound(SHIPPING_MESSAGES.methodNotFound);
    return toMethod(updated);
  });
}

/** DELETE /api/admin/shipping/methods/{id}. Placed orders keep their snapshot. */
export async function removeMethod(
  db: Database,
  admin: SessionUser,
  id: string,
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(SHIPPING_MESSAGES.methodNotFound);
  return changeSettings(db, admin, async (tx) => {
    if (!(await findMethod(tx, id))) throw notFound(SHIPPING_MESSAGES.methodNotFound);
    await deleteMethod(tx, id);
    return { message: METHOD_REMOVED };
  });
}
