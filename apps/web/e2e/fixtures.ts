// What the browser tests share with the server that playwright.config.ts starts for them.

/** Password of the seeded demo accounts on the test server (its DEMO_PASSWORD). */
export const demoPassword = 'e2e-demo-password';

/** The accounts the server seeds on its empty database, all with `demoPassword`. */
export const demoAccounts = {
  admin: 'admin@example.com',
  john: 'john@example.com',
  jane: 'jane@example.com',
} as const;
