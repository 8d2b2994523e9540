// The PayPal webhook as an amplifier (issue #35): every forged request used to cost the shop one
// call to PayPal's verify-webhook-signature. Now the route is limited per address, headers PayPal
// never sends are refused before any call, and an event the database cannot store answers 400.
// A local stand-in plays PayPal and counts the verify calls.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_TIME_TOLERANCE_MS } from '../../src/modules/payment-providers/webhook-checks.ts';
import { PAYPAL_WEBHOOKS_PER_MINUTE } from '../../src/modules/rate-limit/rules.ts';
import { payPalClientOf } from '../helpers/stand-in-client.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { countStatuses, releaseCopies } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const WEBHOOK_ID = 'WH-SECURITY-1';
const URL = '/api/payments/paypal/webhook';

describe(`security: the PayPal webhook makes no call to PayPal for a forger (${testDatabaseKind})`, () => {
  let standIn: PayPalStandIn;
  let t: TestApp;

  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    t = await createTestApp(
      { PAYPAL_WEBHOOK_ID: WEBHOOK_ID },
      { paymentProvider: payPalClientOf(standIn) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => standIn.reset());

  const verifyCalls = () =>
    standIn.requestsTo('POST', /^\/v1\/notifications\/verify-webhook-signature$/).length;
  const event = (id = `WH-${randomUUID()}`) => ({
    id,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource_type: 'capture',
    create_time: new Date().toISOString(),
    resource: { id: `CAPTURE-${randomUUID()}`, status: 'COMPLETED' },
  });
  /** Headers as a forger would write them: well formed, signed with nothing PayPal knows. */
  const forgedHeaders = () => ({
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': `${standIn.url}/v1/notifications/certs/CERT-FORGED`,
    'paypal-transmission-id': randomUUID(),
    'paypal-transmission-time': new Date().toISOString(),
    'paypal-transmission-sig': 'Zm9yZ2Vk',
  });
  /** Each test its own client address, so that one test's count does not limit another. */
  const send = (
    body: object,
    headers: Record<string, string>,
    remoteAddress = `10.35.0.${Math.floor(Math.random() * 250) + 1}`,
  ) => t.app.inject({ method: 'POST', url: URL, headers, payload: body, remoteAddress });

  it(`100 forged requests at once make at most ${PAYPAL_WEBHOOKS_PER_MINUTE} calls to PayPal; the rest get 429`, async () => {
    const body = event();
    const answers = await releaseCopies(
      t.app,
      { method: 'POST', url: URL, headers: forgedHeaders(), payload: body },
      100,
    );
    expect(countStatuses(answers)).toEqual({
      400: PAYPAL_WEBHOOKS_PER_MINUTE,
      429: 100 - PAYPAL_WEBHOOKS_PER_MINUTE,
    });
    expect(verifyCalls()).toBeLessThanOrEqual(PAYPAL_WEBHOOKS_PER_MINUTE);

    // PayPal, from its own address, is not held up by the forger's.
    const real = event();
    const res = await send(real, standIn.signWebhook(real, WEBHOOK_ID), '10.35.1.1');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('headers PayPal never sends are refused with 400 without a call to PayPal', async () => {
    const now = Date.now();
    const cases: [string, Record<string, string | undefined>][] = [
      ['a certificate over http', { 'paypal-cert-url': 'http://api.paypal.com/v1/certs/CERT-1' }],
      ['a certificate elsewhere', { 'paypal-cert-url': 'https://evil.example/v1/certs/CERT-1' }],
      [
        'a host that only starts like PayPal',
        { 'paypal-cert-url': 'https://api.paypal.com.evil.example/v1/certs/CERT-1' },
      ],
      [
        'PayPal named in the path only',
        { 'paypal-cert-url': 'https://evil.example/api.paypal.com/CERT-1' },
      ],
      ['a port of its own', { 'paypal-cert-url': 'https://api.paypal.com:8443/v1/certs/CERT-1' }],
      ['no address at all', { 'paypal-cert-url': 'not a url' }],
      [
        'a time an hour ago',
        { 'paypal-transmission-time': new Date(now - 60 * 60_000).toISOString() },
      ],
      [
        'a time beyond the tolerance ahead',
        {
          'paypal-transmission-time': new Date(
            now + WEBHOOK_TIME_TOLERANCE_MS + 60_000,
          ).toISOString(),
        },
      ],
      ['a time that is no date', { 'paypal-transmission-time': 'yesterday' }],
      ['an empty transmission id', { 'paypal-transmission-id': '' }],
      ['a blank signature', { 'paypal-transmission-sig': '   ' }],
      ['no auth algorithm', { 'paypal-auth-algo': undefined }],
      ['no certificate', { 'paypal-cert-url': undefined }],
    ];
    for (const [label, change] of cases) {
      const headers: Record<string, string> = { ...forgedHeaders() };
      for (const [name, value] of Object.entries(change)) {
        if (value === undefined) delete headers[name];
        else headers[name] = value;
      }
      const res = await send(event(), headers);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message, label).toMatch(/paypal-/);
    }
    expect(verifyCalls()).toBe(0);
  });

  it("PayPal's own certificate hosts are asked as before", async () => {
    for (const host of ['api.paypal.com', 'api.sandbox.paypal.com', 'api-m.paypal.com']) {
      const real = event();
      const headers = {
        ...standIn.signWebhook(real, WEBHOOK_ID),
        'paypal-cert-url': `https://${host}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
      };
      const res = await send(real, headers);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
    }
    expect(verifyCalls()).toBe(3);
  });

  it('a signed event holding a NUL byte answers 400, not 500, and PayPal is not asked', async () => {
    for (const body of [
      event(`WH-${randomUUID()}\u0000x`),
      { ...event(), resource: { id: 'CAPTURE-\u0000', status: 'COMPLETED' } },
      { ...event(), resource: { id: 'CAPTURE-\ud800', status: 'COMPLETED' } },
    ]) {
      const res = await send(body, standIn.signWebhook(body, WEBHOOK_ID));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/NUL/);
    }
    expect(verifyCalls()).toBe(0);
  });
});
