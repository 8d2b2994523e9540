import {
  MAX_TAX_CLASSES,
  SHIPPING_MESSAGES,
  type TaxClass,
  type TaxRate,
  type taxClassListSchema,
} from '@proshop/domain/shipping-schemas';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, invalid, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { countProductsOfTaxClass, productCountsByTaxClass } from '../products/tax-class-use.ts';
import { toRate, toTaxClass } from './settings-answers.ts';
import { changeSettings } from './settings-service.ts';
import {
  countTaxClasses,
  deleteTaxClass,
  deleteTaxRate,
  existingTaxClassIds,
  findClassNamed,
  findTaxClass,
  findTaxClasses,
  findTaxRate,
  findZone,
  insertTaxClassLast,
  makeDefaultTaxClass,
  renameTaxClass,
  upsertTaxRate,
} from './settings-repository.ts';

export const TAX_CLASS_REMOVED = 'Tax class removed';
export const TAX_RATE_REMOVED = 'Tax rate removed';
export const classNameTaken = (name: string) => `A tax class named ${name} already exists`;
export const DEFAULT_CLASS_NEEDED =
  'A shop needs a default tax class; make another class the default instead.';

/** GET /api/admin/tax-classes: the classes a product may be taxed as (the product form's select). */
export async function listTaxClasses(db: Database): Promise<z.infer<typeof taxClassListSchema>> {
  return (await findTaxClasses(db)).map(({ id, name, isDefault }) => ({
    _id: id,
    name,
    isDefault,
  }));
}

async function taxClassAnswer(db: Database, id: string): Promise<TaxClass> {
  const row = await findTaxClass(db, id);
  if (!row) throw notFound(SHIPPING_MESSAGES.taxClassNotFound);
  return toTaxClass(row, await productCountsByTaxClass(db));
}

/** Two admins naming two classes alike at once: the unique index decides, the other gets 409. */
async function withNameTaken<T>(name: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, 'tax_classes_name_key')) throw conflict(classNameTaken(name));
    throw error;
  }
}

/** POST /api/admin/tax-classes: a new class (names unique without case); isDefault takes the default. */
export async function createTaxClass(
  db: Database,
  admin: SessionUser,
  request: { name: string; isDefault?: boolean | undefined },
): Promise<TaxClass> {
  return withNameTaken(request.name, () =>
    changeSettings(db, admin, async (tx) => {
      if ((await countTaxClasses(tx)) >= MAX_TAX_CLASSES) {
        throw conflict(SHIPPING_MESSAGES.tooManyClasses);
      }
      if (await findClassNamed(tx, request.name)) throw conflict(classNameTaken(request.name));
      const id = await insertTaxClassLast(tx, request.name);
      if (request.isDefault) await makeDefaultTaxClass(tx, id);
      return taxClassAnswer(tx, id);
    }),
  );
}

/**
 * PUT /api/admin/tax-classes/{id}: its name, and isDefault true makes it the default (the one
 * before becomes an ordinary class, in the same transaction). The default cannot be made
 * ordinary itself: a shop always has one, so another class is made the default instead.
 */
export async function changeTaxClass(
  db: Database,
  admin: SessionUser,
  id: string,
  request: { name: string; isDefault?: boolean | undefined },
): Promise<TaxClass> {
  if (!isUuid(id)) throw notFound(SHIPPING_MESSAGES.taxClassNotFound);
  return withNameTaken(request.name, () =>
    changeSettings(db, admin, async (tx) => {
      const current = await findTaxClass(tx, id);
      if (!current) throw notFound(SHIPPING_MESSAGES.taxClassNotFound);
      if (current.isDefault && request.isDefault === false) throw conflict(DEFAULT_CLASS_NEEDED);
      if (await findClassNamed(tx, request.name, id)) throw conflict(classNameTaken(request.name));
      await renameTaxClass(tx, id, request.name);
      if (request.isDefault && !current.isDefault) await makeDefaultTaxClass(tx, id);
      return taxClassAnswer(tx, id);
    }),
  );
}

/**
 * DELETE /api/admin/tax-classes/{id}: not the default, nor a class products name (409 with how
 * many); its rates go with it and zones that taxed shipping at it no longer tax it. A product
 * given the class while it is deleted is caught by the products' foreign key (restrict): 409 too.
 */
export async function removeTaxClass(
  db: Database,
  admin: SessionUser,
  id: string,
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(SHIPPING_MESSAGES.taxClassNotFound);
  try {
    return await changeSettings(db, admin, async (tx) => {
      const current = await findTaxClass(tx, id);
      if (!current) throw notFound(SHIPPING_MESSAGES.taxClassNotFound);
      if (current.isDefault) throw conflict(SHIPPING_MESSAGES.defaultClassStays);
      const products = await countProductsOfTaxClass(tx, id);
      if (products > 0) throw conflict(SHIPPING_MESSAGES.classInUse(products));
      await deleteTaxClass(tx, id);
      return { message: TAX_CLASS_REMOVED };
    });
  } catch (error) {
    if (isForeignKeyViolation(error, 'products_tax_class_id_tax_classes_id_fk')) {
      throw conflict(SHIPPING_MESSAGES.classInUse(await countProductsOfTaxClass(db, id)));
    }
    throw error;
  }
}

/**
 * PUT /api/admin/tax-rates: the rate of a class in a zone, made or changed (one per zone and
 * class). The zone and the class are named in the body: one that does not exist is 400.
 */
export async function putTaxRate(
  db: Database,
  admin: SessionUser,
  request: { zone: string; taxClass: string; name: string; basisPoints: number },
): Promise<TaxRate> {
  return changeSettings(db, admin, async (tx) => {
    if (!isUuid(request.zone) || !(await findZone(tx, request.zone))) {
      throw invalid(SHIPPING_MESSAGES.zoneNotFound);
    }
    const classes = isUuid(request.taxClass)
      ? await existingTaxClassIds(tx, [request.taxClass])
      : new Set();
    if (!classes.has(request.taxClass)) throw invalid(SHIPPING_MESSAGES.taxClassNotFound);
    return toRate(
      await upsertTaxRate(tx, {
        zoneId: request.zone,
        taxClassId: request.taxClass,
        name: request.name,
        basisPoints: request.basisPoints,
      }),
    );
  });
}

/** DELETE /api/admin/tax-rates/{id}: the class is then untaxed in that zone. */
export async function removeTaxRate(
  db: Database,
  admin: SessionUser,
  id: string,
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(SHIPPING_MESSAGES.taxRateNotFound);
  return changeSettings(db, admin, async (tx) => {
    if (!(await findTaxRate(tx, id))) throw notFound(SHIPPING_MESSAGES.taxRateNotFound);
    await deleteTaxRate(tx, id);
    return { message: TAX_RATE_REMOVED };
  });
}
