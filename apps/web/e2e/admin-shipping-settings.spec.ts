// The merchant's shipping and tax settings on a 390 px phone (issue #38): reached from the admin
// menu's Settings, a zone made with one country, a method with a weight band and a rate, seen
// listed and moved up in the match order; tax classes added, renamed, given to a product (with
// its weight) and refused deletion while in use or the default, with the server's words.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { SHIPPING_MESSAGES, type ShippingSettings } from '@proshop/domain/shipping-schemas';
import { deleteProduct, uniqueWord } from './catalogue-api.ts';
import { smallControls } from './admin-touch.ts';
import { expect, test as base } from './fixtures.ts';
import { bearer, openSignedIn, type SessionInfo } from './session.ts';

async function shippingSettings(
  request: APIRequestContext,
  admin: SessionInfo,
): Promise<ShippingSettings> {
  const response = await request.get('/api/admin/shipping', { headers: bearer(admin) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ShippingSettings;
}

interface Forget {
  zone: (name: string) => void;
  taxClass: (name: string) => void;
  /** A product given one of the test's classes: deleted first, so the class can go. */
  product: (id: string) => void;
}

const test = base.extend<{ forget: Forget }>({
  /** Deletes, after the test, the zones and classes it made (by name) and the products it used. */
  forget: async ({ request, admin }, use) => {
    const zones = new Set<string>();
    const classes = new Set<string>();
    const products: string[] = [];
    await use({
      zone: (name) => zones.add(name),
      taxClass: (name) => classes.add(name),
      product: (id) => products.push(id),
    });
    for (const id of products) await deleteProduct(request, admin, id);
    const settings = await shippingSettings(request, admin);
    for (const zone of settings.zones.filter((each) => zones.has(each.name))) {
      const response = await request.delete(`/api/admin/shipping/zones/${zone._id}`, {
        headers: bearer(admin),
      });
      expect([200, 404], await response.text()).toContain(response.status());
    }
    for (const taxClass of settings.taxClasses.filter((each) => classes.has(each.name))) {
      const response = await request.delete(`/api/admin/tax-classes/${taxClass._id}`, {
        headers: bearer(admin),
      });
      expect([200, 404], await response.text()).toContain(response.status());
    }
  },
});

test.use({ viewport: { width: 390, height: 844 } });

/** A zone's card, by its name (its heading is "3. Name"). */
function zoneCard(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('article')
    .filter({
      has: page.getByRole('heading', { level: 3, name: new RegExp(`^\\d+\\. ${name}$`) }),
    });
}

/** The zones' names in match order, as the screen lists them. */
async function zoneNames(page: Page): Promise<string[]> {
  const headings = page
    .getByRole('list', { name: 'Zones in match order' })
    .getByRole('heading', { level: 3 });
  return (await headings.allTextContents()).map((text) => text.replace(/^\d+\.\s*/, ''));
}

/** The page fits the phone's width: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the merchant adds a zone with one country, a method and a rate, and moves the zone up', async ({
  page,
  request,
  admin,
  forget,
}) => {
  const zoneName = uniqueWord('Alpine ');
  const methodName = uniqueWord('Alpine Post ');
  forget.zone(zoneName);
  const defaultClass = (await shippingSettings(request, admin)).taxClasses.find(
    (taxClass) => taxClass.isDefault,
  )!;

  // Settings, from the admin's menu on a phone.
  await openSignedIn(page, admin, '/admin/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/admin/settings/shipping');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Shipping & tax' })).toBeVisible();
  await expect(page).toHaveTitle(/^Shipping & tax \| /);
  await expect(main.getByLabel('Prices entered with tax')).toBeVisible();
  await expect(main.getByRole('list', { name: 'Zones in match order' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await smallControls(page)).toEqual([]);

  // A zone: the server's rule is named before sending, then one country, found by its name.
  await main.getByRole('button', { name: 'Add zone' }).click();
  const zoneDialog = page.getByRole('dialog', { name: 'Add zone' });
  await zoneDialog.getByLabel('Zone name').fill(zoneName);
  await zoneDialog.getByRole('button', { name: 'Add zone' }).click();
  await expect(
    zoneDialog.getByText('Choose at least one country, or make it the rest of the world'),
  ).toBeVisible();
  await zoneDialog.getByLabel('Search countries').fill('liech');
  await zoneDialog.getByRole('checkbox', { name: 'Liechtenstein', exact: true }).check();
  await expect(zoneDialog.getByRole('list', { name: 'Chosen countries' })).toHaveText(
    /Liechtenstein/,
  );
  await expect(zoneDialog.getByLabel('Shipping tax')).toHaveValue('');
  // Full screen on a phone: the dialog is as wide as the screen, no wider.
  const dialogBox = (await zoneDialog.boundingBox())!;
  expect(dialogBox.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
  await zoneDialog.getByRole('button', { name: 'Add zone' }).click();
  await expect(zoneDialog).toBeHidden();

  // Listed last, with where it serves and no method yet.
  const card = zoneCard(page, zoneName);
  await expect(card).toContainText('Liechtenstein');
  await expect(card).toContainText('Shipping untaxed');
  await expect(card).toContainText('No methods: addresses here cannot order until you add one.');
  expect((await zoneNames(page)).at(-1)).toBe(zoneName);

  // A method with a weight band; the estimate's rule is named next to its field first.
  await card.getByRole('button', { name: `Add method to ${zoneName}` }).click();
  const methodDialog = page.getByRole('dialog', { name: `Add method to ${zoneName}` });
  await methodDialog.getByLabel('Method name').fill(methodName);
  await methodDialog.getByLabel('Price', { exact: true }).fill('12.50');
  await methodDialog.getByLabel('Free above (optional)').fill('150');
  await methodDialog.getByRole('button', { name: 'Add weight band' }).click();
  await methodDialog.getByLabel('Band 1 up to grams').fill('5000');
  await methodDialog.getByLabel('Band 1 price').fill('9.90');
  await methodDialog.getByLabel('Fastest').fill('4');
  await methodDialog.getByLabel('Slowest').fill('2');
  await methodDialog.getByRole('button', { name: 'Add method' }).click();
  await expect(
    methodDialog.getByText('Slowest delivery must be at least the fastest'),
  ).toBeVisible();
  await methodDialog.getByLabel('Fastest').fill('2');
  await methodDialog.getByLabel('Slowest').fill('4');
  await methodDialog.getByRole('button', { name: 'Add method' }).click();
  await expect(methodDialog).toBeHidden();
  const methods = card.getByRole('list', { name: `Methods of ${zoneName}` });
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods.getByRole('listitem')).toContainText(
    `${methodName} $9.90 up to 5,000 g · free above $150.00 · 2–4 days`,
  );

  // A rate of the default class, typed as a percentage and kept in basis points.
  await card.getByRole('button', { name: `Set ${defaultClass.name} rate of ${zoneName}` }).click();
  const rateDialog = page.getByRole('dialog', { name: `${defaultClass.name} tax in ${zoneName}` });
  await rateDialog.getByLabel('Tax name').fill('MWST');
  await rateDialog.getByLabel('Rate', { exact: true }).fill('8,1');
  await rateDialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(rateDialog).toBeHidden();
  await expect(
    card
      .getByRole('list', { name: `Tax rates of ${zoneName}` })
      .getByRole('listitem')
      .filter({ hasText: defaultClass.name }),
  ).toContainText('MWST 8.1 %');
  const saved = (await shippingSettings(request, admin)).zones.find(
    (zone) => zone.name === zoneName,
  )!;
  expect(saved).toMatchObject({
    countries: ['LI'],
    restOfWorld: false,
    shippingTaxClass: null,
    methods: [
      {
        name: methodName,
        price: 12.5,
        freeAbove: 150,
        minOrder: null,
        weightBands: [{ upToGrams: 5000, price: 9.9 }],
        estimateMinDays: 2,
        estimateMaxDays: 4,
        active: true,
      },
    ],
    rates: [{ taxClass: defaultClass._id, name: 'MWST', basisPoints: 810 }],
  });
  await expectNoSidewaysScroll(page);
  expect(await smallControls(page)).toEqual([]);

  // Moved up one place: above the zone that was before it, on the screen and on the server.
  const before = await zoneNames(page);
  const place = before.indexOf(zoneName);
  await card.getByRole('button', { name: `Move ${zoneName} up` }).click();
  await expect
    .poll(() => zoneNames(page))
    .toEqual([
      ...before.slice(0, place - 1),
      zoneName,
      before[place - 1],
      ...before.slice(place + 1),
    ]);
  expect((await shippingSettings(request, admin)).zones.map((zone) => zone.name)).toEqual(
    await zoneNames(page),
  );

  // Deleted, after a question naming it.
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await card.getByRole('button', { name: `Delete zone ${zoneName}` }).click();
  await expect(card).toHaveCount(0);
  expect(question).toBe(`Delete the zone ${zoneName} with its methods and rates?`);
});

test('tax classes: added, renamed, given to a product with its weight, refused deletion in use or as the default', async ({
  page,
  request,
  admin,
  addProduct,
  forget,
}) => {
  const typed = uniqueWord('Books ');
  const renamed = uniqueWord('Reduced ');
  const passing = uniqueWord('Zero ');
  for (const name of [typed, renamed, passing]) forget.taxClass(name);
  const book = await addProduct('Taxed Book', { price: 20 });
  forget.product(book._id);
  const defaultClass = (await shippingSettings(request, admin)).taxClasses.find(
    (taxClass) => taxClass.isDefault,
  )!;

  await openSignedIn(page, admin, '/admin/settings/shipping');
  const main = page.getByRole('main');
  const classes = main.getByRole('list', { name: 'Tax classes' });
  const classRow = (name: string) =>
    classes.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  const addForm = main.getByRole('form', { name: 'Add tax class' });

  // A name is required; then added, with no products.
  await addForm.getByRole('button', { name: 'Add class' }).click();
  await expect(addForm.getByText('Name is required')).toBeVisible();
  await addForm.getByLabel('New tax class').fill(typed);
  await addForm.getByRole('button', { name: 'Add class' }).click();
  await expect(classRow(typed)).toContainText('0 products');
  await expect(addForm.getByLabel('New tax class')).toHaveValue('');

  // Renamed in its row.
  await classRow(typed)
    .getByRole('button', { name: `Rename ${typed}` })
    .click();
  await classes.getByLabel(`Name of ${typed}`).fill(renamed);
  await classes.getByRole('button', { name: 'Save name' }).click();
  await expect(classRow(renamed)).toBeVisible();
  await expect(classRow(typed)).toHaveCount(0);

  // A class nobody uses is deleted.
  await addForm.getByLabel('New tax class').fill(passing);
  await addForm.getByRole('button', { name: 'Add class' }).click();
  await expect(classRow(passing)).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await classRow(passing)
    .getByRole('button', { name: `Delete ${passing}` })
    .click();
  await expect(classRow(passing)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(await smallControls(page)).toEqual([]);

  // The product's edit screen: its class from the list, its weight (one variant) in grams.
  await page.goto(`/admin/product/${book._id}/edit`);
  const taxClassSelect = main.getByLabel('Tax class', { exact: true });
  await expect(taxClassSelect.locator('option').first()).toHaveText(
    `Default (${defaultClass.name})`,
  );
  await expect(taxClassSelect).toHaveValue('');
  await taxClassSelect.selectOption({ label: renamed });
  await main.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(main.getByText(`Saved ${book.name}.`)).toBeVisible();
  await main.getByLabel('Weight (g)', { exact: true }).fill('1200');
  await main.getByRole('button', { name: 'Save weight' }).click();
  await expect(main.getByText('Weight saved.')).toBeVisible();
  await page.reload();
  await expect(taxClassSelect.locator('option:checked')).toHaveText(renamed);
  await expect(main.getByLabel('Weight (g)', { exact: true })).toHaveValue('1200');

  // Back in Settings: the class counts the product and cannot go while it has it.
  await page.goto('/admin/settings/shipping');
  await expect(classRow(renamed)).toContainText('1 product');
  page.once('dialog', (dialog) => void dialog.accept());
  await classRow(renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await expect(main.getByText(SHIPPING_MESSAGES.classInUse(1))).toBeVisible();
  await expect(classRow(renamed)).toBeVisible();

  // Nor can the default class, whatever it is called.
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await classRow(defaultClass.name)
    .getByRole('button', { name: `Delete ${defaultClass.name}` })
    .click();
  await expect(main.getByText(SHIPPING_MESSAGES.defaultClassStays)).toBeVisible();
  expect(question).toBe(`Delete the tax class ${defaultClass.name}?`);
  await expect(classRow(defaultClass.name)).toContainText('Default');
});
