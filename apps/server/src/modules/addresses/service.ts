import {
  ADDRESS_NOT_FOUND,
  MAX_ADDRESSES,
  TOO_MANY_ADDRESSES,
  type Address,
  type ParsedAddressRequest,
} from '@proshop/domain/address-schemas';
import { storedAddress } from '@proshop/domain/shipping-address';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import {
  clearDefault,
  countAddresses,
  deleteAddress,
  findAddresses,
  hasDefault,
  insertAddress,
  lockOwner,
  updateAddress,
  type AddressRow,
  type AddressValues,
} from './repository.ts';

// The address book is the customer's own: every query names their id, so another customer's
// address answers 404 exactly as an unknown one. Orders copy an address's fields when placed
// (orders.address, city, ...), so nothing here ever reaches an order already made.

const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  label: row.label,
  name: row.name,
  address: row.address,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  phone: row.phone,
  isDefault: row.isDefault,
});

/** The fields as the book keeps them: as an order keeps its address (storedAddress). */
const storedValues = (request: ParsedAddressRequest, isDefault: boolean): AddressValues => ({
  label: request.label,
  ...storedAddress(request),
  isDefault,
});

export async function listAddresses(db: Database, user: SessionUser): Promise<Address[]> {
  return (await findAddresses(db, user.id)).map(toAddress);
}

/**
 * Runs a change of the caller's book in one transaction that first locks their account row
 * (lockOwner, before confirmCaller's shared lock, so two changes cannot deadlock on it): the
 * count for the cap and the move of the default see no other change of the same book, and
 * two "make this the default" at once leave exactly one (the partial unique index is the last
 * guard).
 */
function changeBook<T>(db: Database, user: SessionUser, work: (tx: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    await lockOwner(tx, user.id);
    await confirmCaller(tx, user, 'user');
    return work(tx);
  });
}

/** Adds an address; the first one (or any while there is no default) becomes the default. */
export async function addAddress(
  db: Database,
  user: SessionUser,
  request: ParsedAddressRequest,
): Promise<Address> {
  return changeBook(db, user, async (tx) => {
    if ((await countAddresses(tx, user.id)) >= MAX_ADDRESSES) throw conflict(TOO_MANY_ADDRESSES);
    const isDefault = request.isDefault ?? !(await hasDefault(tx, user.id));
    if (isDefault) await clearDefault(tx, user.id, null);
    return toAddress(await insertAddress(tx, user.id, storedValues(request, isDefault)));
  });
}

/** Replaces an address's fields; `isDefault` left out keeps whether it is the default. */
export async function editAddress(
  db: Database,
  user: SessionUser,
  id: string,
  request: ParsedAddressRequest,
): Promise<Address> {
  if (!isUuid(id)) throw notFound(ADDRESS_NOT_FOUND);
  return changeBook(db, user, async (tx) => {
    const current = await findOwn(tx, user.id, id);
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    const isDefault = request.isDefault ?? current.isDefault;
    if (isDefault) await clearDefault(tx, user.id, id);
    return toAddress((await updateAddress(tx, user.id, id, storedValues(request, isDefault)))!);
  });
}

export async function removeAddress(db: Database, user: SessionUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(ADDRESS_NOT_FOUND);
  const deleted = await changeBook(db, user, (tx) => deleteAddress(tx, user.id, id));
  if (!deleted) throw notFound(ADDRESS_NOT_FOUND);
}

async function findOwn(tx: Database, userId: string, id: string) {
  return (await findAddresses(tx, userId)).find((row) => row.id === id);
}
