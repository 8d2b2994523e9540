// What the browser tests share with the shop server that playwright.config.ts starts for them.

/** Password of the accounts the server seeds on its empty database (its DEMO_PASSWORD). */
export const demoPassword = 'e2e-demo-password';

/**
 * The seeded admin: the one admin there is on a fresh database, so the tests' only use of the
 * seed. Nothing else seeded (products, reviews, the other demo accounts) is relied on.
 */
export const demoAdmin = 'admin@example.com';
