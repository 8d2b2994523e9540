// The merchant's shipping and tax settings (issue #38): every admin route, its validation
// messages and refusals, who may call them, and two admins changing them at once.
import { DEFAULT_PRICING_RULES } from '@proshop/domain/prices';
import {
  MAX_ZONES,
  SHIPPING_MESSAGES,
  type ShippingMethod,
  type ShippingSettings,
  type ShippingZone,
  type TaxClass,
  type TaxRate,
} from '@proshop/domain/shipping-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, shippingZones } from '../../src/db/schema.ts';
import { pricingRules } from '../../src/modules/shipping/service.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

const EVERYWHERE = DEFAULT_PRICING_RULES.zones[0]!.id;
const STANDARD_METHOD = DEFAULT_PRICING_RULES.methods[0]!.id;
const STANDARD_CLASS = DEFAULT_PRICING_RULES.taxClasses[0]!.id;

describe('admin shipping and tax settings', () => {
  let t: TestApp;
  let admin: Headers;
  let shopper: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createSignedInUser(t.database.db, { isAdmin: true })).headers;
    shopper = (await createSignedInUser(t.database.db)).headers;
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Headers = admin,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const settings = async () => {
    const res = await call('GET', '/api/admin/shipping');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ShippingSettings>();
  };

  const refused = async (
    answer: Promise<{ statusCode: number; json: () => unknown; body: string }>,
    status: number,
    message: string,
  ) => {
    const res = await answer;
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message });
  };

  async function makeZone(body: object): Promise<ShippingZone> {
    const res = await call('POST', '/api/admin/shipping/zones', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ShippingZone>();
  }

  async function makeClass(name: string, isDefault?: boolean): Promise<TaxClass> {
    const res = await call('POST', '/api/admin/tax-classes', {
      name,
      ...(isDefault === undefined ? {} : { isDefault }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TaxClass>();
  }

  const method = {
    name: 'Express',
    price: 19.9,
    weightBands: [
      { upToGrams: 10_000, price: 29.9 },
      { upToGrams: 2000, price: 19.9 },
    ],
    estimateMinDays: 1,
    estimateMaxDays: 2,
  };

  it('answers the migration’s settings: one zone for every address, Standard at 15 %', async () => {
    const found = await settings();
    expect(found.pricesIncludeTax).toBe(false);
    expect(found.zones).toEqual([
      {
        _id: EVERYWHERE,
        name: 'Everywhere',
        restOfWorld: true,
        countries: [],
        regions: [],
        postalPrefixes: [],
        shippingTaxClass: null,
        methods: [
          {
            _id: STANDARD_METHOD,
            zone: EVERYWHERE,
            name: 'Standard',
            price: 25,
            freeAbove: 100,
            minOrder: null,
            weightBands: [],
            estimateMinDays: 3,
            estimateMaxDays: 5,
            active: true,
          },
        ],
        rates: [
          {
            _id: expect.any(String),
            zone: EVERYWHERE,
            taxClass: STANDARD_CLASS,
            name: 'Tax',
            basisPoints: 1500,
          },
        ],
      },
    ]);
    expect(found.taxClasses).toEqual([
      { _id: STANDARD_CLASS, name: 'Standard', isDefault: true, productCount: expect.any(Number) },
    ]);
  });

  it('refuses every route to a shopper (403) and to a visitor (401)', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/admin/shipping'],
      ['POST', '/api/admin/shipping/zones', { name: 'EU', countries: ['DE'] }],
      ['PUT', `/api/admin/shipping/zones/${EVERYWHERE}`, { name: 'All', restOfWorld: true }],
      ['DELETE', `/api/admin/shipping/zones/${EVERYWHERE}`],
      ['PUT', '/api/admin/shipping/zone-order', { zones: [EVERYWHERE] }],
      ['POST', `/api/admin/shipping/zones/${EVERYWHERE}/methods`, method],
      ['PUT', `/api/admin/shipping/methods/${STANDARD_METHOD}`, method],
      ['DELETE', `/api/admin/shipping/methods/${STANDARD_METHOD}`],
      ['GET', '/api/admin/tax-classes'],
      ['POST', '/api/admin/tax-classes', { name: 'Reduced' }],
      ['PUT', `/api/admin/tax-classes/${STANDARD_CLASS}`, { name: 'Normal' }],
      ['DELETE', `/api/admin/tax-classes/${STANDARD_CLASS}`],
      [
        'PUT',
        '/api/admin/tax-rates',
        { zone: EVERYWHERE, taxClass: STANDARD_CLASS, name: 'Tax', basisPoints: 0 },
      ],
      ['DELETE', `/api/admin/tax-rates/${STANDARD_CLASS}`],
      ['PUT', '/api/admin/tax-settings', { pricesIncludeTax: true }],
    ];
    for (const [verb, url, body] of routes) {
      expect((await call(verb, url, body, shopper)).statusCode, `${verb} ${url}`).toBe(403);
      expect((await call(verb, url, body, {})).statusCode, `${verb} ${url}`).toBe(401);
    }
    // Nothing changed.
    const found = await settings();
    expect(found.zones.map((zone) => zone.name)).toEqual(['Everywhere']);
    expect(found.pricesIncludeTax).toBe(false);
  });

  it('creates, changes and deletes a zone, appended last, and the price rule reads it', async () => {
    const standard = (await settings()).taxClasses.find((c) => c.isDefault)!;
    const eu = await makeZone({
      name: 'European Union',
      countries: ['DE', 'FR', 'DE'],
      regions: ['fr-75'],
      postalPrefixes: ['75 '],
      shippingTaxClass: standard._id,
    });
    expect(eu).toMatchObject({
      name: 'European Union',
      restOfWorld: false,
      countries: ['DE', 'FR'],
      regions: ['FR-75'],
      postalPrefixes: ['75'],
      shippingTaxClass: standard._id,
      methods: [],
      rates: [],
    });
    expect((await settings()).zones.map((zone) => zone.name)).toEqual([
      'Everywhere',
      'European Union',
    ]);
    const rules = await pricingRules(t.database.db);
    expect(rules.zones.map((zone) => zone.id)).toEqual([EVERYWHERE, eu._id]);

    const changed = await call('PUT', `/api/admin/shipping/zones/${eu._id}`, {
      name: 'EU',
      restOfWorld: true,
      countries: ['DE'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The rest of the world serves every address: its lists are kept empty, its tax untaxed.
    expect(changed.json()).toMatchObject({
      name: 'EU',
      restOfWorld: true,
      countries: [],
      regions: [],
      postalPrefixes: [],
      shippingTaxClass: null,
    });

    const removed = await call('DELETE', `/api/admin/shipping/zones/${eu._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Shipping zone removed' });
    expect((await settings()).zones.map((zone) => zone.name)).toEqual(['Everywhere']);
    await refused(
      call('DELETE', `/api/admin/shipping/zones/${eu._id}`),
      404,
      SHIPPING_MESSAGES.zoneNotFound,
    );
    await refused(
      call('PUT', `/api/admin/shipping/zones/${eu._id}`, { name: 'EU', countries: ['DE'] }),
      404,
      SHIPPING_MESSAGES.zoneNotFound,
    );
    await refused(
      call('PUT', '/api/admin/shipping/zones/not-an-id', { name: 'EU', countries: ['DE'] }),
      404,
      SHIPPING_MESSAGES.zoneNotFound,
    );
  });

  it('says what is wrong with a zone', async () => {
    const zones = '/api/admin/shipping/zones';
    await refused(call('POST', zones, { name: '', countries: ['DE'] }), 400, 'Name is required');
    await refused(
      call('POST', zones, { name: 'Nowhere' }),
      400,
      'Choose at least one country, or make it the rest of the world',
    );
    await refused(
      call('POST', zones, { name: 'Atlantis', countries: ['QQ'] }),
      400,
      'Choose countries from the list',
    );
    await refused(
      call('POST', zones, { name: 'US West', countries: ['US'], regions: ['CA-BC'] }),
      400,
      "Each region must be in one of the zone's countries",
    );
    await refused(
      call('POST', zones, { name: 'US', countries: ['US'], regions: ['California'] }),
      400,
      'A region is a code such as US-CA',
    );
    await refused(
      call('POST', zones, {
        name: 'EU',
        countries: ['DE'],
        shippingTaxClass: '00000000-0000-4000-8000-000000000000',
      }),
      400,
      SHIPPING_MESSAGES.taxClassNotFound,
    );
    await refused(
      call('PUT', `${zones}/${EVERYWHERE}`, {
        name: 'Everywhere',
        restOfWorld: true,
        shippingTaxClass: 'nothing',
      }),
      400,
      SHIPPING_MESSAGES.taxClassNotFound,
    );
    expect((await settings()).zones).toHaveLength(1);
  });

  it('orders the zones only when every zone is named once', async () => {
    const a = await makeZone({ name: 'A', countries: ['DE'] });
    const b = await makeZone({ name: 'B', countries: ['FR'] });
    const order = '/api/admin/shipping/zone-order';
    const reordered = await call('PUT', order, { zones: [b._id, EVERYWHERE, a._id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<ShippingSettings>().zones.map((zone) => zone.name)).toEqual([
      'B',
      'Everywhere',
      'A',
    ]);
    expect((await pricingRules(t.database.db)).zones.map((zone) => zone.name)).toEqual([
      'B',
      'Everywhere',
      'A',
    ]);
    const mismatch =
      'The zone order must name every shipping zone exactly once; reload the zones and try again.';
    await refused(call('PUT', order, { zones: [b._id, a._id] }), 400, mismatch);
    await refused(call('PUT', order, { zones: [b._id, a._id, a._id] }), 400, mismatch);
    await refused(
      call('PUT', order, { zones: [b._id, a._id, EVERYWHERE, STANDARD_CLASS] }),
      400,
      mismatch,
    );
    await refused(call('PUT', order, { zones: [b._id, a._id, 'x'] }), 400, mismatch);
    // A new zone goes after the others, whatever their order.
    const c = await makeZone({ name: 'C', countries: ['IT'] });
    expect((await settings()).zones.map((zone) => zone.name)).toEqual([
      'B',
      'Everywhere',
      'A',
      'C',
    ]);
    // Deleting one closes up the positions: a zone made next still goes last.
    expect((await call('DELETE', `/api/admin/shipping/zones/${b._id}`)).statusCode).toBe(200);
    const d = await makeZone({ name: 'D', countries: ['ES'] });
    expect((await settings()).zones.map((zone) => zone.name)).toEqual([
      'Everywhere',
      'A',
      'C',
      'D',
    ]);
    const positions = await t.database.db
      .select({ position: shippingZones.position })
      .from(shippingZones)
      .orderBy(shippingZones.position);
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2, 3]);
    for (const zone of [a, c, d]) {
      expect((await call('DELETE', `/api/admin/shipping/zones/${zone._id}`)).statusCode).toBe(200);
    }
  });

  it('creates, changes and deletes a method, appended last, bands from the lightest', async () => {
    const zone = await makeZone({ name: 'Methods', countries: ['AT'] });
    const made = await call('POST', `/api/admin/shipping/zones/${zone._id}/methods`, {
      name: 'Standard',
      price: 9.9,
      freeAbove: 100,
      estimateMinDays: 3,
      estimateMaxDays: 6,
    });
    expect(made.statusCode, made.body).toBe(201);
    const express = await call('POST', `/api/admin/shipping/zones/${zone._id}/methods`, method);
    expect(express.statusCode, express.body).toBe(201);
    expect(express.json<ShippingMethod>()).toEqual({
      _id: expect.any(String),
      zone: zone._id,
      name: 'Express',
      price: 19.9,
      freeAbove: null,
      minOrder: null,
      weightBands: [
        { upToGrams: 2000, price: 19.9 },
        { upToGrams: 10_000, price: 29.9 },
      ],
      estimateMinDays: 1,
      estimateMaxDays: 2,
      active: true,
    });
    const id = express.json<ShippingMethod>()._id;
    const listed = (await settings()).zones.find((z) => z._id === zone._id)!;
    expect(listed.methods.map((m) => m.name)).toEqual(['Standard', 'Express']);
    const rule = (await pricingRules(t.database.db)).methods.find((m) => m.id === id)!;
    expect(rule.weightBands).toEqual([
      { upToGrams: 2000, priceCents: 1990 },
      { upToGrams: 10_000, priceCents: 2990 },
    ]);

    const changed = await call('PUT', `/api/admin/shipping/methods/${id}`, {
      ...method,
      price: 24.5,
      minOrder: 30,
      weightBands: [],
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      price: 24.5,
      minOrder: 30,
      weightBands: [],
      active: false,
    });

    await refused(
      call('POST', `/api/admin/shipping/zones/${zone._id}/methods`, {
        ...method,
        estimateMinDays: 3,
        estimateMaxDays: 1,
      }),
      400,
      'Slowest delivery must be at least the fastest',
    );
    await refused(
      call('POST', `/api/admin/shipping/zones/${zone._id}/methods`, {
        ...method,
        weightBands: [
          { upToGrams: 100, price: 1 },
          { upToGrams: 100, price: 2 },
        ],
      }),
      400,
      'Two weight bands end at the same weight',
    );
    await refused(
      call('POST', `/api/admin/shipping/zones/${zone._id}/methods`, { ...method, price: -1 }),
      400,
      'Price must be 0 or more',
    );
    await refused(
      call('POST', `/api/admin/shipping/zones/${STANDARD_CLASS}/methods`, method),
      404,
      SHIPPING_MESSAGES.zoneNotFound,
    );
    const gone = await call('DELETE', `/api/admin/shipping/methods/${id}`);
    expect(gone.json()).toEqual({ message: 'Shipping method removed' });
    await refused(
      call('DELETE', `/api/admin/shipping/methods/${id}`),
      404,
      SHIPPING_MESSAGES.methodNotFound,
    );
    await refused(
      call('PUT', `/api/admin/shipping/methods/${id}`, method),
      404,
      SHIPPING_MESSAGES.methodNotFound,
    );
    // A zone's deletion takes its methods and rates.
    expect((await call('DELETE', `/api/admin/shipping/zones/${zone._id}`)).statusCode).toBe(200);
    expect((await pricingRules(t.database.db)).methods.some((m) => m.zoneId === zone._id)).toBe(
      false,
    );
  });

  it('manages tax classes: unique names, one default taken in one step, no deleting what is used', async () => {
    const reduced = await makeClass('Reduced');
    expect(reduced).toEqual({
      _id: expect.any(String),
      name: 'Reduced',
      isDefault: false,
      productCount: 0,
    });
    await refused(
      call('POST', '/api/admin/tax-classes', { name: 'reduced' }),
      409,
      'A tax class named reduced already exists',
    );
    await refused(call('POST', '/api/admin/tax-classes', { name: ' ' }), 400, 'Name is required');

    const list = await call('GET', '/api/admin/tax-classes');
    expect(list.json()).toEqual([
      { _id: STANDARD_CLASS, name: 'Standard', isDefault: true },
      { _id: reduced._id, name: 'Reduced', isDefault: false },
    ]);

    // Products name a class, or none (then the default's).
    await createProduct(t.database.db, { name: 'Novel', taxClassId: reduced._id });
    const counted = await settings();
    const before = counted.taxClasses.find((c) => c._id === STANDARD_CLASS)!.productCount;
    expect(counted.taxClasses.find((c) => c._id === reduced._id)!.productCount).toBe(1);

    await refused(
      call('DELETE', `/api/admin/tax-classes/${reduced._id}`),
      409,
      SHIPPING_MESSAGES.classInUse(1),
    );
    await refused(
      call('DELETE', `/api/admin/tax-classes/${STANDARD_CLASS}`),
      409,
      SHIPPING_MESSAGES.defaultClassStays,
    );
    await refused(
      call('PUT', `/api/admin/tax-classes/${STANDARD_CLASS}`, {
        name: 'Standard',
        isDefault: false,
      }),
      409,
      'A shop needs a default tax class; make another class the default instead.',
    );

    // Making Reduced the default takes it from Standard; products naming none follow it.
    const made = await call('PUT', `/api/admin/tax-classes/${reduced._id}`, {
      name: 'Reduced rate',
      isDefault: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({
      _id: reduced._id,
      name: 'Reduced rate',
      isDefault: true,
      productCount: before + 1,
    });
    const after = await settings();
    expect(after.taxClasses.find((c) => c._id === STANDARD_CLASS)).toMatchObject({
      isDefault: false,
      productCount: 0,
    });
    expect((await pricingRules(t.database.db)).taxClasses.filter((c) => c.isDefault)).toEqual([
      { id: reduced._id, name: 'Reduced rate', isDefault: true },
    ]);
    // A new class made the default at once takes it too.
    const zero = await makeClass('Zero', true);
    expect(zero.isDefault).toBe(true);
    const flags = (await settings()).taxClasses.map((c) => [c.name, c.isDefault]);
    expect(flags).toEqual([
      ['Standard', false],
      ['Reduced rate', false],
      ['Zero', true],
    ]);
    // Back as it was.
    expect(
      (
        await call('PUT', `/api/admin/tax-classes/${STANDARD_CLASS}`, {
          name: 'Standard',
          isDefault: true,
        })
      ).statusCode,
    ).toBe(200);
    const zeroGone = await call('DELETE', `/api/admin/tax-classes/${zero._id}`);
    expect(zeroGone.json()).toEqual({ message: 'Tax class removed' });
    await refused(
      call('DELETE', `/api/admin/tax-classes/${zero._id}`),
      404,
      SHIPPING_MESSAGES.taxClassNotFound,
    );
    await t.database.db
      .update(products)
      .set({ taxClassId: null })
      .where(eq(products.taxClassId, reduced._id));
    expect((await call('DELETE', `/api/admin/tax-classes/${reduced._id}`)).statusCode).toBe(200);
  });

  it('sets one tax rate per zone and class, and deletes it', async () => {
    const zone = await makeZone({ name: 'Rates', countries: ['BE'] });
    const reduced = await makeClass('Reduced');
    const put = (body: object) => call('PUT', '/api/admin/tax-rates', body);
    const first = await put({
      zone: zone._id,
      taxClass: reduced._id,
      name: 'VAT',
      basisPoints: 600,
    });
    expect(first.statusCode, first.body).toBe(200);
    const rate = first.json<TaxRate>();
    expect(rate).toEqual({
      _id: expect.any(String),
      zone: zone._id,
      taxClass: reduced._id,
      name: 'VAT',
      basisPoints: 600,
    });
    // The same zone and class: the rate changes, no second one is made.
    const again = await put({
      zone: zone._id,
      taxClass: reduced._id,
      name: 'BTW',
      basisPoints: 2100,
    });
    expect(again.json()).toEqual({ ...rate, name: 'BTW', basisPoints: 2100 });
    expect((await settings()).zones.find((z) => z._id === zone._id)!.rates).toEqual([
      { ...rate, name: 'BTW', basisPoints: 2100 },
    ]);

    await refused(
      put({ zone: zone._id, taxClass: reduced._id, name: 'VAT', basisPoints: 10_001 }),
      400,
      'Rate can be at most 100 %',
    );
    await refused(
      put({ zone: zone._id, taxClass: reduced._id, name: 'VAT', basisPoints: 7.5 }),
      400,
      'Rate is in whole basis points (2000 = 20 %)',
    );
    await refused(
      put({ zone: STANDARD_CLASS, taxClass: reduced._id, name: 'VAT', basisPoints: 1 }),
      400,
      SHIPPING_MESSAGES.zoneNotFound,
    );
    await refused(
      put({ zone: zone._id, taxClass: zone._id, name: 'VAT', basisPoints: 1 }),
      400,
      SHIPPING_MESSAGES.taxClassNotFound,
    );

    const removed = await call('DELETE', `/api/admin/tax-rates/${rate._id}`);
    expect(removed.json()).toEqual({ message: 'Tax rate removed' });
    await refused(
      call('DELETE', `/api/admin/tax-rates/${rate._id}`),
      404,
      SHIPPING_MESSAGES.taxRateNotFound,
    );
    // A class's deletion takes its rates; a zone taxing shipping at it no longer taxes it.
    await put({ zone: zone._id, taxClass: reduced._id, name: 'VAT', basisPoints: 600 });
    await call('PUT', `/api/admin/shipping/zones/${zone._id}`, {
      name: 'Rates',
      countries: ['BE'],
      shippingTaxClass: reduced._id,
    });
    expect((await call('DELETE', `/api/admin/tax-classes/${reduced._id}`)).statusCode).toBe(200);
    expect((await settings()).zones.find((z) => z._id === zone._id)).toMatchObject({
      shippingTaxClass: null,
      rates: [],
    });
    await call('DELETE', `/api/admin/shipping/zones/${zone._id}`);
  });

  it('switches prices with tax on and off', async () => {
    const on = await call('PUT', '/api/admin/tax-settings', { pricesIncludeTax: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ pricesIncludeTax: true });
    expect((await settings()).pricesIncludeTax).toBe(true);
    expect((await pricingRules(t.database.db)).pricesIncludeTax).toBe(true);
    await refused(
      call('PUT', '/api/admin/tax-settings', {}),
      400,
      'Say whether prices include tax',
    );
    await call('PUT', '/api/admin/tax-settings', { pricesIncludeTax: false });
    expect((await settings()).pricesIncludeTax).toBe(false);
  });

  it('keeps positions distinct when admins create zones at once, and reorders against deletions', async () => {
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: 8 }, (_, index) => ({
        method: 'POST' as const,
        url: '/api/admin/shipping/zones',
        headers: admin,
        payload: { name: `Together ${index}`, countries: ['PL'] },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 201: 8 });
    const positions = await t.database.db
      .select({ position: shippingZones.position })
      .from(shippingZones)
      .orderBy(shippingZones.position);
    expect(positions.map((row) => row.position)).toEqual([...Array(9).keys()]);

    // One admin deletes a zone while another sends the order they saw: one of them wins, and
    // the order is never applied to a set of zones it does not name.
    const zones = (await settings()).zones;
    const seen = zones.map((zone) => zone._id).reverse();
    const [deleted, ordered] = await releaseTogether(t.app, [
      { method: 'DELETE', url: `/api/admin/shipping/zones/${zones[3]!._id}`, headers: admin },
      {
        method: 'PUT',
        url: '/api/admin/shipping/zone-order',
        headers: admin,
        payload: { zones: seen },
      },
    ]);
    expect(deleted!.statusCode).toBe(200);
    const after = await t.database.db
      .select({ id: shippingZones.id, position: shippingZones.position })
      .from(shippingZones)
      .orderBy(shippingZones.position);
    expect(after.map((row) => row.position)).toEqual([...Array(8).keys()]);
    if (ordered!.statusCode === 200) {
      // The order came first: the deletion then closed up the reversed order.
      expect(after.map((row) => row.id)).toEqual(seen.filter((id) => id !== zones[3]!._id));
    } else {
      expect(ordered!.statusCode).toBe(400);
      expect(after.map((row) => row.id)).toEqual(
        zones.map((zone) => zone._id).filter((id) => id !== zones[3]!._id),
      );
    }
    for (const zone of (await settings()).zones.filter((z) => z._id !== EVERYWHERE)) {
      await call('DELETE', `/api/admin/shipping/zones/${zone._id}`);
    }
  });

  it('lets only one of two classes made the default at once keep it', async () => {
    const one = await makeClass('One');
    const two = await makeClass('Two');
    const answers = await releaseTogether(
      t.app,
      [one, two].map((taxClass) => ({
        method: 'PUT' as const,
        url: `/api/admin/tax-classes/${taxClass._id}`,
        headers: admin,
        payload: { name: taxClass.name, isDefault: true },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 200: 2 });
    const defaults = (await settings()).taxClasses.filter((c) => c.isDefault);
    expect(defaults).toHaveLength(1);
    expect([one._id, two._id]).toContain(defaults[0]!._id);
    await call('PUT', `/api/admin/tax-classes/${STANDARD_CLASS}`, {
      name: 'Standard',
      isDefault: true,
    });
    await call('DELETE', `/api/admin/tax-classes/${one._id}`);
    await call('DELETE', `/api/admin/tax-classes/${two._id}`);
  });

  it(`refuses a zone past ${MAX_ZONES}, also when admins create them at once`, async () => {
    const existing = (await settings()).zones.length;
    await t.database.db.insert(shippingZones).values(
      Array.from({ length: MAX_ZONES - existing - 2 }, (_, index) => ({
        name: `Filler ${index}`,
        countries: ['NO'],
        position: existing + index,
      })),
    );
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: 5 }, (_, index) => ({
        method: 'POST' as const,
        url: '/api/admin/shipping/zones',
        headers: admin,
        payload: { name: `Last ${index}`, countries: ['SE'] },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 201: 2, 409: 3 });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      message: SHIPPING_MESSAGES.tooManyZones,
    });
    expect((await settings()).zones).toHaveLength(MAX_ZONES);
    await t.database.db.delete(shippingZones).where(eq(shippingZones.restOfWorld, false));
  });
});
