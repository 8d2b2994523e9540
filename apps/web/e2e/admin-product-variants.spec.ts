import type { Locator, Page } from '@playwright/test';
import type { ProductVariant } from '@proshop/domain/product-schemas';
import { uniqueWord } from './catalogue-api.ts';
import { expect, test } from './fixtures.ts';
import { openSignedIn } from './session.ts';

/** The id in the address of a product's edit form. */
const editPath = /\/admin\/product\/([^/]+)\/edit$/;

type SavedVariant = ProductVariant;

function variantsSection(page: Page): Locator {
  return page.getByRole('main').getByRole('region', { name: 'Variants' });
}

/** The variants' rows, the header row left out. */
function variantRows(section: Locator): Locator {
  return section.getByRole('table').locator('tbody').getByRole('row');
}

/** Adds an option with its values through the options' fields. */
async function addOption(section: Locator, name: string, values: string) {
  const number = (await section.getByRole('textbox', { name: /^Option \d$/ }).count()) + 1;
  await section
    .getByRole('button', { name: number === 1 ? 'Add options' : 'Add option', exact: true })
    .click();
  await section.getByLabel(`Option ${number}`, { exact: true }).fill(name);
  await section.getByLabel(`Values of option ${number}`, { exact: true }).fill(values);
}

test.describe('admin product variants', () => {
  test('the admin makes a product with 2 options and 5 variants, which the list and shop show', async ({
    page,
    request,
    admin,
    deleteAfterTest,
  }) => {
    await openSignedIn(page, admin, '/admin/productlist');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(editPath);
    const productId = editPath.exec(page.url())![1]!;
    deleteAfterTest(productId);

    // The spec's form names the product and prices it first; after Update the admin stays on
    // the product, its Variants section below.
    const name = uniqueWord('Variant Tee ');
    await main.getByLabel('Name', { exact: true }).fill(name);
    await main.getByLabel('Price', { exact: true }).fill('20');
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(main.getByText(`Saved ${name}.`)).toBeVisible();
    await expect(page).toHaveURL(`/admin/product/${productId}/edit`);
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(name);

    // Without options, the section only offers to add them.
    const section = variantsSection(page);
    await expect(section.getByRole('table')).toHaveCount(0);
    await addOption(section, 'Size', 'S, M, L');
    await addOption(section, 'Colour', 'Red, Blue');
    await section.getByRole('button', { name: 'Generate combinations' }).click();
    const rows = variantRows(section);
    await expect(rows).toHaveCount(6);
    // SKUs are suggested from the name's first letters and the values.
    const initials = `VT${name.slice('Variant Tee '.length, 'Variant Tee '.length + 1).toUpperCase()}`;
    await expect(section.getByLabel('SKU of Size: S, Colour: Red', { exact: true })).toHaveValue(
      `${initials}-S-RED`,
    );
    // Generating again adds nothing; the missing combination is removed.
    await section.getByRole('button', { name: 'Generate combinations' }).click();
    await expect(rows).toHaveCount(6);
    await section
      .getByRole('button', { name: 'Remove Size: L, Colour: Blue', exact: true })
      .click();
    await expect(rows).toHaveCount(5);

    const sku = uniqueWord('TEE-M-BLUE-');
    await section.getByLabel('SKU of Size: M, Colour: Blue', { exact: true }).fill(sku);
    const lRedPrice = section.getByLabel('Price of Size: L, Colour: Red', { exact: true });
    // Blank is the product's price, which the placeholder shows.
    await expect(lRedPrice).toHaveAttribute('placeholder', '$20.00');
    await lRedPrice.fill('24.5');

    // Bulk edit: stock 4 for the small ones and M red, then one price for the two blue ones.
    for (const label of ['Size: S, Colour: Red', 'Size: S, Colour: Blue', 'Size: M, Colour: Red']) {
      await section.getByLabel(`Select ${label}`, { exact: true }).check();
    }
    const bulk = section.getByRole('group', { name: 'Change the selected variants' });
    await expect(bulk).toContainText('3 selected');
    await bulk.getByLabel('Stock for the selected', { exact: true }).fill('4');
    await bulk.getByRole('button', { name: 'Apply to selected' }).click();
    await bulk.getByRole('button', { name: 'Clear selection' }).click();
    await expect(bulk).toHaveCount(0);
    for (const label of ['Size: S, Colour: Blue', 'Size: M, Colour: Blue']) {
      await section.getByLabel(`Select ${label}`, { exact: true }).check();
    }
    await bulk.getByLabel('Price for the selected', { exact: true }).fill('22');
    await bulk.getByRole('button', { name: 'Apply to selected' }).click();
    const stockOf = (label: string) => section.getByLabel(`Stock of ${label}`, { exact: true });
    const priceOf = (label: string) => section.getByLabel(`Price of ${label}`, { exact: true });
    await expect(stockOf('Size: S, Colour: Red')).toHaveValue('4');
    await expect(stockOf('Size: M, Colour: Red')).toHaveValue('4');
    await expect(stockOf('Size: M, Colour: Blue')).toHaveValue('0');
    await expect(priceOf('Size: S, Colour: Red')).toHaveValue('');
    await expect(priceOf('Size: S, Colour: Blue')).toHaveValue('22');
    await expect(priceOf('Size: M, Colour: Blue')).toHaveValue('22');
    await stockOf('Size: M, Colour: Blue').fill('2');
    await stockOf('Size: L, Colour: Red').fill('5');
    // Switched off: its stock no longer counts.
    await section.getByLabel('Offer Size: S, Colour: Blue', { exact: true }).uncheck();

    await section.getByRole('button', { name: 'Save variants' }).click();
    await expect(section.getByRole('alert')).toHaveText('Variants saved.');
    // With options the form's stock is the total of the variants on offer, kept below.
    const countInStock = main.getByLabel('Count In Stock', { exact: true });
    await expect(countInStock).toHaveValue('15');
    await expect(countInStock).toHaveAttribute('readonly', '');
    await expect(countInStock).toHaveAccessibleDescription('Stock is kept per variant below');

    const saved = (await (await request.get(`/api/products/${productId}`)).json()) as {
      options: unknown;
      countInStock: number;
      variantCount: number;
      minPrice: number;
      maxPrice: number;
      variants: SavedVariant[];
    };
    expect(saved.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
    expect(saved).toMatchObject({
      countInStock: 15,
      variantCount: 5,
      minPrice: 20,
      maxPrice: 24.5,
    });
    const byChoice = (size: string, colour: string) =>
      saved.variants.find((v) => v.options.Size === size && v.options.Colour === colour);
    expect(saved.variants).toHaveLength(5);
    expect(byChoice('L', 'Blue')).toBeUndefined();
    expect(byChoice('S', 'Red')).toMatchObject({
      sku: `${initials}-S-RED`,
      price: null,
      countInStock: 4,
      image: null,
      active: true,
    });
    expect(byChoice('S', 'Blue')).toMatchObject({ price: 22, countInStock: 4, active: false });
    expect(byChoice('M', 'Blue')).toMatchObject({ sku, price: 22, countInStock: 2 });
    expect(byChoice('L', 'Red')).toMatchObject({ price: 24.5, countInStock: 5 });

    // The table now holds the saved variants: a second save keeps them (no new ids).
    await expect(rows).toHaveCount(5);
    await stockOf('Size: L, Colour: Red').fill('6');
    await section.getByRole('button', { name: 'Save variants' }).click();
    await expect(section.getByRole('alert')).toHaveText('Variants saved.');
    await expect(countInStock).toHaveValue('16');
    const again = (await (await request.get(`/api/products/${productId}`)).json()) as {
      variants: SavedVariant[];
    };
    expect(again.variants.map((v) => v._id).sort()).toEqual(
      saved.variants.map((v) => v._id).sort(),
    );

    // The list's STOCK column shows the total stock and the number of variants, and marks the
    // product low on stock: variants on offer have at most the shop's 5 units.
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/admin/productlist');
    const row = main.getByRole('row').filter({ hasText: productId });
    await expect(row.getByRole('cell').nth(1)).toHaveText(name);
    await expect(row.getByRole('cell').nth(3)).toHaveText('16 · 5 variants Low stock');

    // The shop's product page offers the options' values, each available.
    await page.goto(`/product/${productId}`);
    await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
    const offered = { Size: ['S', 'M', 'L'], Colour: ['Red', 'Blue'] };
    for (const [option, values] of Object.entries(offered)) {
      const choices = main.getByRole('group', { name: option, exact: true }).getByRole('radio');
      await expect(choices).toHaveCount(values.length);
      for (const [index, value] of values.entries()) {
        await expect(choices.nth(index)).toHaveAccessibleName(value);
      }
    }
  });

  test('a SKU used twice is refused: in the table at once, another product’s by the server', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const other = await addProduct('Other Tee');
    const { variants } = (await (await request.get(`/api/products/${other._id}`)).json()) as {
      variants: SavedVariant[];
    };
    const takenSku = variants[0]!.sku;
    const product = await addProduct('Clash Tee');
    await openSignedIn(page, admin, `/admin/product/${product._id}/edit`);
    const section = variantsSection(page);
    await addOption(section, 'Size', 'S, M');
    await section.getByRole('button', { name: 'Generate combinations' }).click();
    await expect(variantRows(section)).toHaveCount(2);
    const sizeS = section.getByLabel('SKU of Size: S', { exact: true });
    const sizeM = section.getByLabel('SKU of Size: M', { exact: true });

    // Twice in the table: the browser says so, and nothing is sent.
    const sent: string[] = [];
    page.on('request', (sentRequest) => {
      if (sentRequest.method() === 'PUT') sent.push(sentRequest.url());
    });
    const sku = uniqueWord('CLASH-');
    await sizeS.fill(sku);
    await sizeM.fill(sku.toLowerCase());
    await section.getByRole('button', { name: 'Save variants' }).click();
    await expect(section.getByRole('alert')).toHaveText(`SKU ${sku.toLowerCase()} is used twice`);
    expect(sent).toEqual([]);

    // Another product's: the server's 409 and its words.
    await sizeM.fill(takenSku);
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        response.url().endsWith(`/api/products/${product._id}/variants`),
    );
    await section.getByRole('button', { name: 'Save variants' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toContain(takenSku);
    await expect(section.getByRole('alert')).toHaveText(message);
    // Nothing changed: the product still has no options, and the table keeps what was typed.
    const unchanged = (await (await request.get(`/api/products/${product._id}`)).json()) as {
      options: unknown[];
    };
    expect(unchanged.options).toEqual([]);
    await expect(sizeM).toHaveValue(takenSku);
  });
});
