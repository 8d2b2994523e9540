import { expect, expectToastToGoAfter3s, holdClock, test } from './fixtures.ts';
import { messagesTo, resetCodeOf } from './outbox.ts';
import { fillSignIn, userMenu } from './session.ts';

/** The reset e-mails sent to `email` (the account's confirmation link came before them). */
const resetMessagesTo = (email: string) =>
  messagesTo(email).filter((message) => /Subject: .*reset/i.test(message));

/** Waits for the `count`-th reset e-mail to `email` and answers its code. */
async function resetCode(email: string, count: number): Promise<string> {
  await expect.poll(() => resetMessagesTo(email).length).toBe(count);
  return resetCodeOf(resetMessagesTo(email).at(-1) ?? '');
}

test.describe('password reset', () => {
  test('resets the password with the code from the e-mail', async ({ page, customer: account }) => {
    const main = page.getByRole('main');
    const storage = (key: string) => page.evaluate((name) => localStorage.getItem(name), key);

    await page.goto('/login');
    await main.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL('/forgotpassword');
    await main.getByLabel('Email Address').fill(account.email);
    await main.getByRole('button', { name: 'Send Code' }).click();

    await expect(page).toHaveURL('/resetpassword');
    await expect(main).toContainText('The code is valid only for 10 minutes.');
    expect(await storage('resetEmail')).toBe(JSON.stringify(account.email));
    const firstCode = await resetCode(account.email, 1);

    // A new code replaces the first one.
    await main.getByRole('button', { name: 'Resend Code' }).click();
    await expect(main.getByRole('alert')).toHaveText(
      `A new code has been sent to ${account.email}.`,
    );
    const code = await resetCode(account.email, 2);

    const codeField = main.getByLabel('Verification Code');
    const wrongCode =
      firstCode === code ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : firstCode;
    await codeField.fill(wrongCode);
    await main.getByRole('button', { name: 'Verify Code' }).click();
    await expect(main.getByRole('alert')).toHaveClass(/alert-danger/);
    await expect(main.getByRole('alert')).toContainText('wrong');
    expect(await storage('verified')).toBeNull();

    await codeField.fill(code);
    await main.getByRole('button', { name: 'Verify Code' }).click();
    await expect(main.getByRole('alert')).toHaveText(
      'Great! You are verified. Create a new password.',
    );
    expect(await storage('verified')).toBe('true');

    const newPassword = `${account.password}-reset`;
    const passwordField = main.getByLabel('New Password');
    await expect(passwordField).toHaveAttribute('type', 'password');
    await passwordField.fill(newPassword);
    await main.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordField).toHaveAttribute('type', 'text');
    await expect(passwordField).toHaveValue(newPassword);
    await main.getByRole('button', { name: 'Hide password' }).click();
    await expect(passwordField).toHaveAttribute('type', 'password');
    await main.getByRole('button', { name: 'Change Password' }).click();

    await expect(main.getByRole('alert')).toHaveText(
      'Your password has been reset. Please log in with your new password.',
    );
    expect(await storage('resetEmail')).toBeNull();
    expect(await storage('verified')).toBeNull();

    await main.getByRole('link', { name: 'log in' }).click();
    await expect(page).toHaveURL('/login');
    await fillSignIn(page, account.email, account.password);
    await expect(main.getByRole('alert')).toHaveText('Invalid email or password');
    await fillSignIn(page, account.email, newPassword);
    await expect(page).toHaveURL('/');
    await expect(userMenu(page, account.name)).toBeVisible();
  });

  test('a refused request shows the server message and the Invalid email toast', async ({
    page,
  }) => {
    const main = page.getByRole('main');
    // The toast stays until the test moves the clock.
    await holdClock(page);
    await page.goto('/forgotpassword');
    // Passes the browser's e-mail check but not the server's.
    await main.getByLabel('Email Address').fill('someone@localhost');
    await main.getByRole('button', { name: 'Send Code' }).click();

    await expect(main.getByRole('alert')).toHaveClass(/alert-danger/);
    await expect(main.getByRole('alert')).toHaveText(/\S/);
    const toast = page.getByText('Invalid email', { exact: true });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL('/forgotpassword');
    expect(await page.evaluate(() => localStorage.getItem('resetEmail'))).toBeNull();
    // It goes by itself after 3 seconds.
    await expectToastToGoAfter3s(page, toast);
  });
});
