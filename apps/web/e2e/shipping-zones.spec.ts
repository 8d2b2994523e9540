// Shipping and tax as the merchant's data (issue #38), as a shopper on a phone meets them: the
// zone's methods with their prices and estimates at the shipping step, the tax lines on every
// later step and the order, and an address outside every zone refused before payment. The zones
// are the whole shop's, so the spec runs on a shop of its own, set up through the admin API.
import { priceCheckout, type PricingRules } from '@proshop/domain/checkout-pricing';
import { toCents } from '@proshop/domain/money';
import type { OrderPrices } from '@proshop/domain/prices';
import type {
  ShippingMethod,
  ShippingSettings,
  ShippingZone,
} from '@proshop/domain/shipping-schemas';
import {
  request as apiRequest,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import { fillAddressForm, type FormAddress } from './address-form.ts';
import { createProduct, type Product } from './catalogue-api.ts';
import { expect, test } from './fixtures.ts';
import { dollars } from './money.ts';
import { OTHER_SHOP_START_MS, startOtherShop, type OtherShop } from './other-shop.ts';
import { bearer, clientAddressOf, newAccount, signInByApi, type SessionInfo } from './session.ts';

test.use({ viewport: { width: 390, height: 844 } });
// One shop's rules, changed by the last test: the tests run in order.
test.describe.configure({ mode: 'serial' });

const newYork: FormAddress = {
  name: 'Nora York',
  address: '1 Fifth Avenue',
  city: 'New York',
  region: 'US-NY',
  postalCode: '10001',
  country: 'US',
  phone: '+1 212 555 0100',
};

const berlin: FormAddress = {
  address: '5 Unter den Linden',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};

async function ok<T>(answer: Promise<APIResponse>, status = 200) {
  const response = await answer;
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * The merchant's rules: one zone (Germany, and New York alone of the US) with Standard, Express
 * and a Freight method the small carts here are below the minimum of; VAT 20 % on the items and
 * on shipping. Every zone the shop had (the seed's "Everywhere", the demo's) is removed, so an
 * address elsewhere is outside every zone.
 */
async function setUpRules(api: APIRequestContext, admin: SessionInfo) {
  const headers = bearer(admin);
  const before = await ok<ShippingSettings>(api.get('/api/admin/shipping', { headers }));
  for (const zone of before.zones) {
    await ok(api.delete(`/api/admin/shipping/zones/${zone._id}`, { headers }));
  }
  const taxClass = before.taxClasses.find((candidate) => candidate.isDefault)!;
  const zone = await ok<ShippingZone>(
    api.post('/api/admin/shipping/zones', {
      headers,
      data: {
        name: 'Germany and New York',
        countries: ['DE', 'US'],
        regions: ['US-NY'],
        shippingTaxClass: taxClass._id,
      },
    }),
    201,
  );
  const method = (data: Record<string, unknown>) =>
    ok<ShippingMethod>(
      api.post(`/api/admin/shipping/zones/${zone._id}/methods`, { headers, data }),
      201,
    );
  const methods = [
    await method({ name: 'Standard', price: 4.9, estimateMinDays: 3, estimateMaxDays: 5 }),
    await method({ name: 'Express', price: 14.9, estimateMinDays: 1, estimateMaxDays: 2 }),
    await method({
      name: 'Freight',
      price: 60,
      minOrder: 500,
      estimateMinDays: 5,
      estimateMaxDays: 10,
    }),
  ];
  await ok(
    api.put('/api/admin/tax-rates', {
      headers,
      data: { zone: zone._id, taxClass: taxClass._id, name: 'VAT', basisPoints: 2000 },
    }),
  );
  // The same rules as the domain's price rule reads them: what the screens must show.
  const rules: PricingRules = {
    zones: [
      {
        id: zone._id,
        name: zone.name,
        restOfWorld: false,
        countries: ['DE', 'US'],
        regions: ['US-NY'],
        postalPrefixes: [],
        shippingTaxClassId: taxClass._id,
      },
    ],
    methods: methods.map((made) => ({
      id: made._id,
      zoneId: zone._id,
      name: made.name,
      priceCents: toCents(made.price),
      freeAboveCents: made.freeAbove === null ? null : toCents(made.freeAbove),
      minOrderCents: made.minOrder === null ? null : toCents(made.minOrder),
      weightBands: [],
      estimateMinDays: made.estimateMinDays,
      estimateMaxDays: made.estimateMaxDays,
      active: true,
    })),
    taxClasses: [{ id: taxClass._id, name: taxClass.name, isDefault: true }],
    taxRates: [{ zoneId: zone._id, taxClassId: taxClass._id, name: 'VAT', basisPoints: 2000 }],
    pricesIncludeTax: false,
  };
  return { rules, methods };
}

/** What the domain's rule charges for `qty` of the product sent to `address` by `method`. */
function expected(
  rules: PricingRules,
  product: Product,
  qty: number,
  address: FormAddress,
  method: string,
) {
  const priced = priceCheckout(
    [{ price: product.price, qty }],
    undefined,
    rules,
    { country: address.country, region: address.region ?? '', postalCode: address.postalCode },
    method,
  );
  if (priced.kind !== 'priced') throw new Error(`Not priced: ${priced.kind}`);
  return priced;
}

/** A guest with `qty` of the product in the cart, on the shipping step of `shopUrl`. */
async function guestAtShipping(page: Page, shopUrl: string, product: Product, qty: number) {
  const guest = newAccount('Zone Guest');
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddressOf(guest.email) });
  await page.goto(`${shopUrl}/`);
  const { _id, name, image, price, countInStock } = product;
  await page.evaluate(
    ({ items, buyer }) => {
      localStorage.setItem('cartItems', JSON.stringify(items));
      localStorage.setItem('guestBuyer', JSON.stringify(buyer));
    },
    {
      items: [{ product: _id, name, image, price, countInStock, qty }],
      buyer: { email: guest.email, name: guest.name },
    },
  );
  await page.goto(`${shopUrl}/shipping`);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Shipping' })).toBeVisible();
}

function runningTotal(page: Page): Locator {
  return page.getByRole('main').getByRole('region', { name: 'Running total' });
}

async function expectFigures(where: Locator, figures: readonly string[]) {
  for (const figure of figures) await expect(where).toContainText(figure);
}

const money = (prices: OrderPrices) => ({
  shipping: dollars(prices.shippingPrice),
  tax: dollars(prices.taxPrice),
  total: dollars(prices.totalPrice),
});

test.describe('shipping zones, methods and tax lines', () => {
  let shop: OtherShop | undefined;
  let api: APIRequestContext | undefined;
  let admin: SessionInfo;
  let rules: PricingRules;
  let methods: ShippingMethod[];
  let product: Product;

  test.beforeAll(async () => {
    test.setTimeout(OTHER_SHOP_START_MS + 60_000);
    shop = await startOtherShop({});
    api = await apiRequest.newContext({ baseURL: shop.url });
    admin = await signInByApi(api);
    ({ rules, methods } = await setUpRules(api, admin));
    product = await createProduct(api, admin, { name: 'Zone Lamp', price: 39, countInStock: 20 });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await shop?.stop();
  });

  test('a shopper in the zone picks Express among the methods, sees the tax lines and pays the right total', async ({
    page,
  }) => {
    const main = page.getByRole('main');
    await guestAtShipping(page, shop!.url, product, 2);
    // Only the listed countries' regions: none for Germany, the states for the US.
    await main.getByLabel('Country').selectOption('DE');
    await expect(main.getByLabel('Region')).toHaveCount(0);
    await fillAddressForm(main, newYork);

    // The zone's methods, each with its price for this cart and its estimate.
    const standard = main.getByRole('radio', { name: /^Standard/ });
    const express = main.getByRole('radio', { name: /^Express/ });
    const freight = main.getByRole('radio', { name: /^Freight/ });
    await expect(standard).toBeChecked();
    await expect(main.getByText('$4.90')).toBeVisible();
    await expect(main.getByText('3\u20135 business days')).toBeVisible();
    await expect(main.getByText('$14.90')).toBeVisible();
    await expect(main.getByText('1\u20132 business days')).toBeVisible();
    // Below its minimum order: shown, but it cannot be chosen.
    await expect(freight).toBeDisabled();
    await express.check();
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${shop!.url}/payment`);
    const expressId = methods.find((method) => method.name === 'Express')!._id;
    expect(await page.evaluate(() => localStorage.getItem('shippingMethod'))).toBe(
      JSON.stringify(expressId),
    );

    // Every later step: shipping by Express, each tax line, the total of the domain's rule.
    const priced = expected(rules, product, 2, newYork, expressId);
    const figures = money(priced.prices);
    const shown = [
      `Shipping${figures.shipping}`,
      'Express, 1\u20132 business days',
      `Tax${figures.tax}`,
      `VAT 20%${dollars(priced.taxLines[0]!.amountCents / 100)}`,
      `VAT 20% on shipping${dollars(priced.shippingTaxCents / 100)}`,
      `Total${figures.total}`,
    ];
    await expectFigures(runningTotal(page), shown);
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${shop!.url}/placeorder`);
    await expectFigures(runningTotal(page), shown);
    const summary = main.getByRole('list', { name: 'Order Summary' });
    await expectFigures(summary, shown);
    await expect(main).toContainText(
      'Address: Nora York, 1 Fifth Avenue, New York, New York 10001, United States',
    );
    // The seed's promise is not this shop's rule.
    await expect(main.getByText(/^\*Free shipping/)).toHaveCount(0);

    await main.getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\?key=[\w-]+$/);
    await expect(main.getByText('Payment received. Thank you!')).toBeVisible();
    // The order's snapshot: the method and its estimate, the address, the tax lines.
    await expect(main).toContainText('Shipping method: Express, 1\u20132 business days');
    await expect(main).toContainText('Phone: +1 212 555 0100');
    await expectFigures(summary, shown);
    const url = new URL(page.url());
    const order = await ok<{ totalPrice: number; isPaid: boolean }>(
      api!.get(`/api/orders${url.pathname.slice('/order'.length)}${url.search}`),
    );
    expect(order).toMatchObject({ isPaid: true, totalPrice: priced.prices.totalPrice });
  });

  test('a shopper outside every zone is told at the address step and cannot go on to payment', async ({
    page,
  }) => {
    const main = page.getByRole('main');
    await guestAtShipping(page, shop!.url, product, 1);
    await fillAddressForm(main, {
      address: '8 Rue de Rivoli',
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
    });
    const continueButton = main.getByRole('button', { name: 'Continue' });
    await expect(
      main.getByText('Sorry, we do not ship to France. Please choose another address.'),
    ).toBeVisible();
    await expect(continueButton).toBeDisabled();
    await expect(main.getByRole('radio')).toHaveCount(0);

    // The US is served in New York only.
    await main.getByLabel('Country').selectOption('US');
    await main.getByLabel('Region').selectOption('US-CA');
    await expect(
      main.getByText('Sorry, we do not ship to United States. Please choose another address.'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${shop!.url}/shipping`);

    // Another address in the zone: the methods, and the way on.
    await main.getByLabel('Country').selectOption('DE');
    await expect(main.getByRole('radio', { name: /^Standard/ })).toBeChecked();
    await continueButton.click();
    await expect(page).toHaveURL(`${shop!.url}/payment`);
  });

  test('with prices entered with tax, the tax lines read "incl." and are not added to the total', async ({
    page,
  }) => {
    await ok(
      api!.put('/api/admin/tax-settings', {
        headers: bearer(admin),
        data: { pricesIncludeTax: true },
      }),
    );
    const main = page.getByRole('main');
    await guestAtShipping(page, shop!.url, product, 1);
    await fillAddressForm(main, berlin);
    await expect(main.getByRole('radio', { name: /^Standard/ })).toBeChecked();
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${shop!.url}/payment`);

    const standardId = methods.find((method) => method.name === 'Standard')!._id;
    const priced = expected({ ...rules, pricesIncludeTax: true }, product, 1, berlin, standardId);
    // 39.00 + 4.90: the tax is inside them.
    expect(priced.prices.totalPrice).toBe(43.9);
    await expectFigures(runningTotal(page), [
      `Shipping${dollars(priced.prices.shippingPrice)}`,
      `Total${dollars(priced.prices.totalPrice)}`,
      `incl. VAT 20%${dollars(priced.taxLines[0]!.amountCents / 100)}`,
      `incl. VAT 20% on shipping${dollars(priced.shippingTaxCents / 100)}`,
    ]);
    await expect(runningTotal(page)).not.toContainText(`Tax${dollars(priced.prices.taxPrice)}`);
  });
});
