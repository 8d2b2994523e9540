import type { Page } from '@playwright/test';
import { PRODUCT_CSV_COLUMNS } from '@proshop/domain/product-csv';
import { uniqueWord } from './catalogue-api.ts';
import { expect, test } from './fixtures.ts';
import { bearer, openSignedIn } from './session.ts';

/** A CSV line: the cells of these columns, quoted where they hold a comma or quote. */
function csvLine(cells: Record<string, string>): string {
  return PRODUCT_CSV_COLUMNS.map((column) => {
    const cell = cells[column] ?? '';
    return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }).join(',');
}

/** The products' CSV of these lines, with the export's header, as a spreadsheet saves it. */
function productsCsv(lines: Record<string, string>[]): {
  name: string;
  mimeType: string;
  buffer: Buffer;
} {
  const text = [PRODUCT_CSV_COLUMNS.join(','), ...lines.map(csvLine)].join('\r\n') + '\r\n';
  return { name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`) };
}

const product = (name: string, sku: string, price: string, stock: string) => ({
  name,
  brand: 'Csv Brand',
  category: 'Csv Category',
  description: 'Made from a spreadsheet, "quoted", with commas.',
  price,
  pictures: '/images/sample.webp',
  sku,
  stock,
  active: 'yes',
});

/** The page keeps to the phone's width: only the lines' table scrolls, inside its own box. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

test.describe('admin products CSV', () => {
  test('an import with a bad line shows it by line and column; fixed, it imports and the list shows the products', async ({
    page,
    request,
    admin,
    deleteAfterTest,
  }) => {
    const lampName = uniqueWord('Csv Lamp ');
    const teeName = uniqueWord('Csv Tee ');
    const skuTail = lampName.slice(-8).toUpperCase();
    const lamp = product(lampName, `CSV-LAMP-${skuTail}`, '19.99', '2');
    const teeBad = product(teeName, `CSV-TEE-${skuTail}`, '12,50', '40');
    const teeFixed = { ...teeBad, price: '12.50' };

    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, admin, '/admin/productlist');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page).toHaveURL('/admin/products/import');
    await expect(main.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();

    await main.getByLabel('CSV file').setInputFiles(productsCsv([lamp, teeBad]));
    await main.getByRole('button', { name: 'Check' }).click();
    const result = main.getByRole('region', { name: 'Check result' });
    await expect(result.getByRole('alert')).toContainText('1 error: nothing would be imported');
    const badLine = result.getByRole('row').filter({ hasText: teeName });
    await expect(badLine.getByRole('cell').first()).toHaveText('3');
    await expect(badLine).toContainText('price: Price must be an amount such as 19.99');
    await expect(result.getByRole('row').filter({ hasText: lampName })).toContainText('Create');
    await expect(main.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expectNoSidewaysScroll(page);

    // The merchant fixes the price in the file and chooses it again.
    await main.getByLabel('CSV file').setInputFiles(productsCsv([lamp, teeFixed]));
    await main.getByRole('button', { name: 'Check' }).click();
    await expect(result.getByRole('alert')).toContainText('Checked: 2 products to create');
    await expect(result.getByRole('row').filter({ hasText: teeName })).not.toContainText('price:');
    // Nothing is imported by a check.
    const before = await request.get(`/api/products?keyword=${encodeURIComponent(teeName)}`);
    expect((await before.json()).products).toEqual([]);

    await main.getByRole('button', { name: 'Import', exact: true }).click();
    const imported = main.getByRole('region', { name: 'Import result' });
    await expect(imported.getByRole('alert')).toContainText('Imported: 2 products created');
    for (const name of [lampName, teeName]) {
      const found = await request.get(`/api/products?keyword=${encodeURIComponent(name)}`, {
        headers: bearer(admin),
      });
      const [made] = (await found.json()).products as { _id: string; name: string }[];
      expect(made?.name).toBe(name);
      deleteAfterTest(made!._id);
    }

    await imported.getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL('/admin/productlist');
    const lampRow = main.getByRole('row').filter({ hasText: lampName });
    await expect(lampRow).toContainText('$19.99');
    await expect(lampRow).toContainText('Csv Category');
    await expect(main.getByRole('row').filter({ hasText: teeName })).toContainText('$12.50');
    // 2 units left is at the shop's threshold (5): the row is marked, and the filter keeps it.
    await expect(lampRow).toContainText('Low stock');
    await main.getByLabel('Low stock only').check();
    await expect(page).toHaveURL('/admin/productlist?lowStock=1');
    await expect(main.getByRole('row').filter({ hasText: lampName })).toBeVisible();
    await expect(main.getByRole('row').filter({ hasText: teeName })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  test('the edit form sets a product’s own low-stock threshold, empty for the shop’s', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const made = await addProduct('Threshold Lamp', { countInStock: 8 });
    await openSignedIn(page, admin, `/admin/product/${made._id}/edit`);
    const main = page.getByRole('main');
    const field = main.getByLabel('Low stock at');
    await expect(field).toHaveValue('');
    await expect(field).toHaveAttribute('placeholder', "5 (the shop's default)");
    await field.fill('10');
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(main.getByText(`Saved ${made.name}.`)).toBeVisible();
    await main.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/admin/productlist');
    // 8 units, at or below its own 10: low on stock.
    await expect(main.getByRole('row').filter({ hasText: made._id })).toContainText('Low stock');
    const saved = await request.get(`/api/products/${made._id}/low-stock`, {
      headers: bearer(admin),
    });
    expect(await saved.json()).toEqual({
      lowStockThreshold: 10,
      shopLowStockThreshold: 5,
      lowStock: true,
    });
  });

  test('Export CSV saves every product, one line per variant, in the import’s columns', async ({
    page,
    admin,
    addProduct,
  }) => {
    const made = await addProduct('=Exported Lamp');
    await openSignedIn(page, admin, '/admin/productlist');
    const download = page.waitForEvent('download');
    await page.getByRole('main').getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await streamText(await file.createReadStream())).toString();
    expect(text.startsWith(`\uFEFF${PRODUCT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    // A name a spreadsheet would run as a formula is written as text.
    expect(text).toContain(`${made._id},,'${made.name},`);
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
