// Drafts (issue #36): Create Product opens a draft nobody but the admin sees; the edit form's
// Status puts it in the shop, refused while it keeps the sample's name; Draft keeps it hidden,
// and the admin's list shows and filters the status.
import { expect, test } from './fixtures.ts';
import { uniqueWord } from './catalogue-api.ts';
import { openSignedIn } from './session.ts';

const editPath = /\/admin\/product\/([^/]+)\/edit$/;

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a new product stays a draft until saved active with its own name (${viewport.width} px)`, async ({
    page,
    request,
    admin,
    deleteAfterTest,
  }) => {
    await page.setViewportSize(viewport);
    await openSignedIn(page, admin, '/admin/productlist');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(editPath);
    const id = editPath.exec(page.url())![1]!;
    deleteAfterTest(id);

    // Nobody but the admin sees it yet.
    expect((await request.get(`/api/products/${id}`)).status()).toBe(404);
    const status = main.getByLabel('Status');
    // A product nobody has named yet: Update would put it in the shop...
    await expect(status).toHaveValue('active');
    await main.getByRole('button', { name: 'Update' }).click();
    // ...but not with the sample's name.
    await expect(main.locator('.alert-danger')).toContainText('a name of its own');
    expect((await request.get(`/api/products/${id}`)).status()).toBe(404);

    // Saved as a draft with its own values: still hidden, and the form says so.
    const name = uniqueWord('Draft Lamp ');
    await main.getByLabel('Name').fill(name);
    await main.getByLabel('Price').fill('30');
    await status.selectOption('draft');
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(main.getByText(`Saved ${name} as a draft: shoppers do not see it.`)).toBeVisible();
    await expect(page).toHaveURL(`/admin/product/${id}/edit`);
    expect((await request.get(`/api/products/${id}`)).status()).toBe(404);

    // The list marks it and its Status filter finds it.
    await main.getByRole('link', { name: 'Go Back' }).click();
    await main.getByLabel('Status').selectOption('draft');
    await expect(page).toHaveURL('/admin/productlist?status=draft');
    const row = main.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();

    // Made active: in the shop.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(main.getByLabel('Status')).toHaveValue('draft');
    await main.getByLabel('Status').selectOption('active');
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(main.getByText(`Saved ${name}.`)).toBeVisible();
    expect((await request.get(`/api/products/${id}`)).status()).toBe(200);
  });
}
