import type { Address } from '@proshop/domain/address-schemas';
import { MAX_ADDRESSES } from '@proshop/domain/address-schemas';
import type { Order } from '@proshop/domain/order-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { orderBody } from '../helpers/orders.ts';
import { releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

const home = {
  label: 'Home',
  address: '1 Elm St',
  city: 'Springfield',
  postalCode: '111',
  country: 'US',
};
const work = {
  label: 'Work',
  address: '9 Oak Ave',
  city: 'Shelbyville',
  postalCode: '222',
  country: 'US',
};

describe('address book /api/addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const add = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/addresses', headers, payload });
  const edit = (headers: Headers, id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/addresses/${id}`, headers, payload });
  const list = async (headers: Headers) =>
    (await t.app.inject({ url: '/api/addresses', headers })).json<Address[]>();

  it('adds, lists, edits and deletes; the first address becomes the default', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const first = await add(headers, home);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ...home, isDefault: true });
    const second = await add(headers, work);
    expect(second.json()).toMatchObject({ ...work, isDefault: false });
    const id = second.json<Address>()._id;

    const changed = await edit(headers, id, { ...work, city: 'Capital City' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ city: 'Capital City', isDefault: false });
    expect((await list(headers)).map((a) => a.label)).toEqual(['Home', 'Work']);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/addresses/${id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Address deleted' });
    expect((await list(headers)).map((a) => a.label)).toEqual(['Home']);
  });

  it('making another address the default unsets the old one', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    await add(headers, home);
    const id = (await add(headers, work)).json<Address>()._id;
    const res = await edit(headers, id, { ...work, isDefault: true });
    expect(res.json()).toMatchObject({ isDefault: true });
    const book = await list(headers);
    expect(book.map((a) => [a.label, a.isDefault])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
  });

  it('leaves exactly one default when several are made the default at once', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await add(headers, { ...home, label: `A${i}` })).json<Address>()._id);
    }
    const answers = await releaseTogether(
      t.app,
      ids.map((id, i) => ({
        method: 'PUT' as const,
        url: `/api/addresses/${id}`,
        headers,
        payload: { ...home, label: `A${i}`, isDefault: true },
      })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    expect((await list(headers)).filter((a) => a.isDefault)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses, also when added at once`, async () => {
    const { headers } = await createSignedInUser(t.database.db);
    for (let i = 0; i < MAX_ADDRESSES - 3; i++) await add(headers, { ...home, label: `N${i}` });
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: 6 }, (_, i) => ({
        method: 'POST' as const,
        url: '/api/addresses',
        headers,
        payload: { ...home, label: `R${i}` },
      })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      message: `You can keep at most ${MAX_ADDRESSES} addresses`,
    });
    expect(await list(headers)).toHaveLength(MAX_ADDRESSES);
  });

  it("answers 404 for another customer's address, and leaves it as it was", async () => {
    const owner = await createSignedInUser(t.database.db);
    const other = await createSignedInUser(t.database.db);
    const id = (await add(owner.headers, home)).json<Address>()._id;
    await add(other.headers, work);
    const changed = await edit(other.headers, id, { ...work, isDefault: true });
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toEqual({ message: 'Address not found' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${id}`,
      headers: other.headers,
    });
    expect(deleted.statusCode).toBe(404);
    expect(await list(owner.headers)).toEqual([
      { _id: id, ...home, name: '', region: '', phone: '', isDefault: true },
    ]);
    // The failed "make it the default" did not take the other customer's own default away.
    expect((await list(other.headers)).map((a) => a.isDefault)).toEqual([true]);
    expect((await edit(other.headers, 'not-an-id', work)).statusCode).toBe(404);
  });

  it('keeps the recipient, region and phone, and a country name as its code (text it cannot read as it is)', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const named = await add(headers, {
      ...home,
      name: 'Ann Lee',
      region: 'us-ca',
      phone: '+1 (555) 010-0100',
      country: 'United States',
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({
      name: 'Ann Lee',
      region: 'US-CA',
      phone: '+1 (555) 010-0100',
      country: 'US',
    });
    const edited = await edit(headers, named.json<Address>()._id, { ...work, country: 'uk' });
    expect(edited.json()).toMatchObject({ country: 'GB', name: '', region: '', phone: '' });
    const unknown = await add(headers, { ...work, country: 'Atlantis' });
    expect(unknown.json()).toMatchObject({ country: 'Atlantis' });
    expect((await list(headers)).map((a) => a.country).sort()).toEqual(['Atlantis', 'GB']);
  });

  it('checks the fields as the shipping address does', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const empty = await add(headers, { ...home, city: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('City is required');
    const long = await add(headers, { ...home, address: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    const twoLines = await add(headers, { ...home, label: 'A\nB' });
    expect(twoLines.statusCode).toBe(400);
    expect(await list(headers)).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    expect((await t.app.inject({ url: '/api/addresses' })).statusCode).toBe(401);
    expect((await add({}, home)).statusCode).toBe(401);
  });

  it('never changes an order placed with a saved address', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const saved = (await add(headers, home)).json<Address>();
    const product = await createProduct(t.database.db, { price: '10.00', countInStock: 5 });
    const { label: _label, _id, isDefault: _isDefault, ...shippingAddress } = saved;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { ...orderBody([{ product, qty: 1 }]), shippingAddress },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<Order>()._id;

    await edit(headers, _id, { ...home, address: '2 New Rd', city: 'Elsewhere' });
    await t.app.inject({ method: 'DELETE', url: `/api/addresses/${_id}`, headers });

    const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers })).json<Order>();
    expect(order.shippingAddress).toEqual(shippingAddress);
  });
});
