import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signIn, userMenu } from './accounts-fixtures.ts';
import { demoAccounts, demoPassword } from './fixtures.ts';

test.describe('admin: users', () => {
  test('makes a user an admin and deletes a user after typing their name', async ({
    browser,
    page,
    request,
  }) => {
    const promoted = newAccount('Promoted');
    const doomed = newAccount('Doomed');
    await registerViaApi(request, promoted);
    await registerViaApi(request, doomed);
    const main = page.getByRole('main');

    await signIn(page, demoAccounts.admin, demoPassword);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Admin', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/admin/productlist',
    );
    await expect(header.getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/admin/orderlist',
    );
    await header.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/admin/userlist');
    await expect(main.getByRole('columnheader', { name: 'EMAIL' })).toBeVisible();

    const promotedRow = main.getByRole('row').filter({ hasText: promoted.email });
    await expect(promotedRow.getByRole('img', { name: 'No' })).toBeVisible();
    await promotedRow.getByRole('link', { name: `Edit ${promoted.name}` }).click();
    await expect(page).toHaveURL(/\/admin\/user\/[^/]+\/edit$/);
    await expect(main.getByLabel('Name')).toHaveValue(promoted.name);
    await expect(main.getByLabel('Email Address')).toHaveValue(promoted.email);
    const isAdmin = main.getByLabel('Is Admin');
    await expect(isAdmin).not.toBeChecked();
    await isAdmin.check();
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/admin/userlist');
    await expect(promotedRow.getByRole('img', { name: 'Yes' })).toBeVisible();

    const doomedRow = main.getByRole('row').filter({ hasText: doomed.email });
    await doomedRow.getByRole('button', { name: `Delete ${doomed.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('This action is not reversible.');
    const deleteButton = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(deleteButton).toBeDisabled();
    const nameField = dialog.getByLabel(`Type ${doomed.name} to confirm`);
    await nameField.fill(doomed.name.toLowerCase());
    await expect(deleteButton).toBeDisabled();
    await nameField.fill(`${doomed.name} `);
    await expect(deleteButton).toBeDisabled();
    await nameField.fill(doomed.name);
    await expect(deleteButton).toBeEnabled();
    await deleteButton.click();
    await expect(dialog).toBeHidden();
    await expect(doomedRow).toHaveCount(0);
    await expect(promotedRow).toHaveCount(1);

    // The promoted user now has the Admin menu; the deleted one cannot sign in.
    const promotedContext = await browser.newContext();
    const promotedPage = await promotedContext.newPage();
    await signIn(promotedPage, promoted.email, promoted.password);
    await expect(userMenu(promotedPage, promoted.name)).toBeVisible();
    await expect(
      promotedPage.getByRole('banner').getByRole('button', { name: 'Admin', exact: true }),
    ).toBeVisible();
    await promotedContext.close();

    const login = await request.post('/api/users/login', {
      data: { email: doomed.email, password: doomed.password },
    });
    expect(login.status()).toBe(401);
  });

  test('sends customers and visitors away from the admin pages', async ({ page, request }) => {
    await page.goto('/admin/userlist');
    await expect(page).toHaveURL('/login?redirect=admin%2Fuserlist');

    const customer = newAccount('Customer');
    await registerViaApi(request, customer);
    await signIn(page, customer.email, customer.password);
    await page.goto('/admin/userlist');
    // /login passes a signed-in user on to the home page.
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('columnheader', { name: 'EMAIL' })).toHaveCount(0);
  });
});
