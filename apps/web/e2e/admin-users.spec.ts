import { expect, test } from './fixtures.ts';
import {
  newAccount,
  openSignedIn,
  registerByApi,
  signInByApi,
  switchSession,
  userMenu,
} from './session.ts';

test.describe('admin: users', () => {
  test("the admin's menu leads to the products, the orders and the users", async ({
    page,
    admin,
  }) => {
    await openSignedIn(page, admin, '/');
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
    await expect(page.getByRole('main').getByRole('columnheader', { name: 'EMAIL' })).toBeVisible();
  });

  test('makes a user an admin, who then has the Admin menu', async ({ page, request, admin }) => {
    const promoted = await registerByApi(request, newAccount('Promoted'));
    const main = page.getByRole('main');
    await openSignedIn(page, admin, '/admin/userlist');

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

    // Signed in now, the promoted user has the Admin menu.
    const session = await signInByApi(request, promoted.email, promoted.password);
    expect(session.isAdmin).toBe(true);
    await switchSession(page, session, '/');
    await expect(userMenu(page, promoted.name)).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true }),
    ).toBeVisible();
  });

  test('deletes a user only once their name is typed exactly; they cannot sign in then', async ({
    page,
    request,
    admin,
  }) => {
    const doomed = await registerByApi(request, newAccount('Doomed'));
    const main = page.getByRole('main');
    await openSignedIn(page, admin, '/admin/userlist');

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
    // The admin's own row has Edit but no Delete (the server refuses it anyway).
    const ownRow = main.getByRole('row').filter({ hasText: admin.email });
    await expect(ownRow).toHaveCount(1);
    await expect(ownRow.getByRole('link', { name: `Edit ${admin.name}` })).toBeVisible();
    await expect(ownRow.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    const login = await request.post('/api/users/login', {
      data: { email: doomed.email, password: doomed.password },
    });
    expect(login.status()).toBe(401);
  });

  test('sends customers and visitors away from the admin pages', async ({ page, customer }) => {
    await page.goto('/admin/userlist');
    await expect(page).toHaveURL('/login?redirect=admin%2Fuserlist');

    await openSignedIn(page, customer, '/admin/userlist');
    // /login passes a signed-in user on to the home page.
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('columnheader', { name: 'EMAIL' })).toHaveCount(0);
  });
});
