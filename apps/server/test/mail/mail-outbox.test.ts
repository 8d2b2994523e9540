import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';
import { enqueueMail } from '../../src/modules/mail/outbox-repository.ts';
import { createOutboxWorker } from '../../src/modules/mail/outbox-worker.ts';
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../src/modules/mail/retry-schedule.ts';
import { createProduct, createSignedInUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import { payOrder, placeOrder, type OrderLine } from '../helpers/orders.ts';
import { deadSmtpUrl, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestClock } from '../helpers/test-clock.ts';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-database.ts';

const MINUTE = 60_000;
async function placeAndPay(
  t: TestApp,
  headers: Record<string, string>,
  product: OrderLine['product'],
) {
  const { _id: id, orderNumber } = await placeOrder(t.app, headers, [{ product, qty: 1 }]);
  const paid = await payOrder(t.app, headers, id);
  return { id, orderNumber, paid };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// Generous: the machine running the suite may be busy; nothing here waits on a timer.
describe('the mail outbox', { timeout: 90_000 }, () => {
  it('keeps the receipt of an order paid while the mail server is down and sends it once when it is back', async () => {
    const url = await deadSmtpUrl();
    const port = Number(new URL(url).port);
    const clock = createTestClock();
    const t = await createTestApp({ SMTP_URL: url }, { clock });
    cleanups.push(() => t.close());
    const shopper = await createSignedInUser(t.database.db);
    const lamp = await createProduct(t.database.db, { price: '30.00', countInStock: 1 });

    const { orderNumber, paid } = await placeAndPay(t, shopper.headers, lamp);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
    const [waiting] = await t.database.db.select().from(mailOutbox);
    expect(waiting).toMatchObject({ to: shopper.user.email, attempts: 1, sentAt: null });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtpCapture(port);
    cleanups.push(() => smtp.close());
    // Back off: the mail server is up, but the next try is a minute after the failure.
    expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(smtp.messages).toHaveLength(0);

    clock.advance(MINUTE);
    expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    clock.advance(24 * 60 * MINUTE);
    expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to).toEqual([shopper.user.email]);
    expect(smtp.messages[0]?.raw).toContain(`receipt for order #${orderNumber}`);
    const [sent] = await t.database.db.select().from(mailOutbox);
    expect(sent).toMatchObject({ attempts: 2, nextAttemptAt: null, lastError: null });
    expect(sent?.sentAt).toBeInstanceOf(Date);
  });

  it('queues nothing when the payment is refused: the e-mail exists only with the change', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const shopper = await createSignedInUser(t.database.db);
    const lamp = await createProduct(t.database.db, { price: '30.00', countInStock: 1 });
    const first = await placeAndPay(t, shopper.headers, lamp);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${first.id}/pay`,
      headers: shopper.headers,
      payload: { providerOrderId: 'TEST-other' },
    });
    expect(again.statusCode).toBe(409);
    expect(await t.database.db.$count(mailOutbox)).toBe(1);
  });

  it('backs off 1, 5, 30 minutes... then gives up after the last try, keeping the row and logging it', async () => {
    const t = await createTestDatabase();
    cleanups.push(() => t.drop());
    const clock = createTestClock();
    const errors: unknown[] = [];
    const log = {
      warn: () => {},
      info: () => {},
      error: (...args: unknown[]) => errors.push(args),
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({
      smtpUrl: await deadSmtpUrl(),
      from: 'shop@example.test',
      outboxDir: '/nonexistent',
      log,
    });
    cleanups.push(async () => mailer.close());
    const worker = createOutboxWorker({ db: t.handle.db, mailer, clock, log });
    await enqueueMail(
      t.handle.db,
      { to: 'buyer@example.test', subject: 'Receipt', text: 'Hi', html: '<p>Hi</p>' },
      clock.now(),
    );
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual(
      [1, 5, 30, 120, 360, 360].map((minutes) => minutes * MINUTE),
    );

    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      const before = clock.now().getTime();
      expect(await worker.runOnce()).toEqual(
        attempt < MAX_MAIL_ATTEMPTS
          ? { sent: 0, failed: 1, gaveUp: 0 }
          : { sent: 0, failed: 0, gaveUp: 1 },
      );
      const [row] = await t.handle.db.select().from(mailOutbox);
      expect(row?.attempts).toBe(attempt);
      if (attempt === MAX_MAIL_ATTEMPTS) {
        expect(row).toMatchObject({ nextAttemptAt: null, sentAt: null });
        expect(row?.lastError).toBeTruthy();
        break;
      }
      const wait = row!.nextAttemptAt!.getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(retryDelayMs(attempt));
      expect(wait).toBeLessThan(retryDelayMs(attempt) + 1_000);
      // Not a moment before its time.
      clock.advance(retryDelayMs(attempt) - 2_000);
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
      clock.advance(2_000);
    }
    clock.advance(365 * 24 * 60 * MINUTE);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('gave up sending an e-mail');
  });

  it('still writes .eml files to the outbox folder without SMTP_URL: receipt and sent notice', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const shopper = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const lamp = await createProduct(t.database.db, { price: '30.00', countInStock: 1 });
    const { id, orderNumber } = await placeAndPay(t, shopper.headers, lamp);
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/sent`,
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(200);
    expect(await t.database.db.$count(mailOutbox, eq(mailOutbox.to, shopper.user.email))).toBe(2);

    expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 2, failed: 0, gaveUp: 0 });
    const files = readdirSync(t.config.outboxDir);
    expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(2);
    const mails = files.map((file) => readFileSync(join(t.config.outboxDir, file), 'utf8'));
    // Long subjects are folded onto two header lines.
    const unfolded = mails.map((raw) => raw.replace(/\r?\n[ \t]+/g, ' '));
    expect(
      unfolded.filter((raw) => raw.includes(`receipt for order #${orderNumber}`)),
    ).toHaveLength(1);
    expect(
      unfolded.filter((raw) => raw.includes(`your order #${orderNumber} has been sent`)),
    ).toHaveLength(1);
  });

  it('never sends a message twice with two app instances on one database running at once', async () => {
    const smtp: SmtpCapture = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const t = await createTestDatabase();
    cleanups.push(() => t.drop());
    // On PostgreSQL each instance has its own pool, as two servers would; PGlite has one process.
    const second = t.url ? await openDatabase({ url: t.url, maxConnections: 5 }) : t.handle;
    if (second !== t.handle) cleanups.push(() => second.close());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: smtp.url });
    const apps: FastifyInstance[] = [];
    for (const database of [t.handle, second]) {
      const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET });
      await app.ready();
      cleanups.push(() => app.close());
      apps.push(app);
    }
    const now = new Date();
    const count = 40;
    for (let n = 0; n < count; n += 1) {
      await enqueueMail(
        t.handle.db,
        { to: `buyer${n}@example.test`, subject: `Message ${n}`, text: 'Hi', html: '<p>Hi</p>' },
        now,
      );
    }

    const runs = await Promise.all(
      apps.flatMap((app) => [1, 2, 3].map(() => app.mailOutbox.runOnce())),
    );
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(count);
    expect(runs.every((run) => run.failed === 0)).toBe(true);
    expect(smtp.messages).toHaveLength(count);
    expect(new Set(smtp.messages.map((mail) => mail.to[0])).size).toBe(count);
    const rows = await t.handle.db.select().from(mailOutbox);
    expect(rows.every((row) => row.attempts === 1 && row.sentAt !== null)).toBe(true);
    if (testDatabaseKind === 'postgres') {
      // Both instances did part of the work: no leader, shared safely.
      expect(runs.slice(0, 3).some((run) => run.sent > 0)).toBe(true);
      expect(runs.slice(3).some((run) => run.sent > 0)).toBe(true);
    }
  });
});
