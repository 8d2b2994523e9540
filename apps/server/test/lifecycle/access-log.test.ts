import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, loggerOptions } from '../../src/lifecycle/logger.ts';
import { createProduct } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'proshop-access-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const productionConfig = () =>
  loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'access-log-test-secret-0123456789abcdef',
    ALLOW_TEST_PAYMENTS: '1',
    LOG_LEVEL: 'info',
  });

/** The production logger (asynchronous, batched), writing to a file of the test's own. */
function fileLogger(name: string) {
  const file = join(dir, name);
  // No timed flush within the test: only batches and closing write lines.
  const logger = createLogger(productionConfig(), { dest: file, flushIntervalMs: 600_000 });
  const accessLines = () =>
    (existsSync(file) ? readFileSync(file, 'utf8') : '')
      .split('\n')
      .filter((line) => line.includes('"msg":"request completed"'))
      .map((line) => JSON.parse(line) as { reqId: string; req: { url: string } });
  return { logger, accessLines };
}

describe('access log, written asynchronously in batches', () => {
  it('holds a few lines until the app closes, then writes one line per request', async () => {
    const log = fileLogger('few.log');
    const t = await createTestApp({}, { logger: log.logger });
    try {
      const product = await createProduct(t.database.db);
      const urls = [
        '/api/products',
        '/api/products', // from the catalogue cache
        '/api/products/top',
        `/api/products/${product.id}`,
        '/api/no-such-route',
      ];
      const ids: string[] = [];
      for (const url of urls) {
        const answer = await t.app.inject({ method: 'GET', url });
        ids.push(String(answer.headers['x-request-id']));
      }
      // Five lines are less than a batch: none is written yet.
      expect(log.accessLines()).toEqual([]);
      await t.app.close();
      const lines = log.accessLines();
      expect(lines.map((line) => line.reqId)).toEqual(ids);
      expect(lines.map((line) => line.req.url)).toEqual(urls);
    } finally {
      await t.close();
    }
  });

  it('writes exactly one line for each of many requests sent together', async () => {
    const log = fileLogger('many.log');
    const t = await createTestApp({}, { logger: log.logger });
    try {
      const product = await createProduct(t.database.db);
      const urls = Array.from({ length: 150 }, (_, index) =>
        index % 3 === 0
          ? '/api/products'
          : index % 3 === 1
            ? '/api/products/top'
            : `/api/products/${product.id}`,
      );
      const answers = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      // More than a batch: some lines are out already, as the load goes on.
      expect(log.accessLines().length).toBeGreaterThan(0);
      await t.app.close();
      const logged = log
        .accessLines()
        .map((line) => line.reqId)
        .sort();
      const sent = answers.map((answer) => String(answer.headers['x-request-id'])).sort();
      expect(logged).toEqual(sent);
      expect(new Set(logged).size).toBe(urls.length);
    } finally {
      await t.close();
    }
  });
});

describe('access-log line', () => {
  it("drops the query's values: a guest's order key or a search never reaches the log", async () => {
    const log = fileLogger('query.log');
    const t = await createTestApp({}, { logger: log.logger });
    const secret = 'Zm9yLXRoZS1sb2ctdGVzdC1vbmx5LW5vdC1hLXJlYWwta2V5';
    try {
      await t.app.inject({ method: 'GET', url: `/api/orders/some-order?key=${secret}&x=1` });
      await t.app.inject({ method: 'GET', url: '/api/products?keyword=private+words' });
      await t.app.close();
      expect(log.accessLines().map((line) => line.req.url)).toEqual([
        '/api/orders/some-order?key=&x=',
        '/api/products?keyword=',
      ]);
      const everything = readFileSync(join(dir, 'query.log'), 'utf8');
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain('private');
    } finally {
      await t.close();
    }
  });

  it('keeps an address without a query as it is', async () => {
    const { withoutQueryValues } = await import('../../src/lifecycle/access-log.ts');
    expect(withoutQueryValues('/api/products/top')).toBe('/api/products/top');
    expect(withoutQueryValues('/api/products?')).toBe('/api/products?');
  });

  it('is the line pino itself writes for the request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino({ ...loggerOptions(productionConfig()), transport: undefined }, stream);
    const t = await createTestApp(
      {},
      {
        logger,
        // The line as pino writes it through the request's logger, for the same request.
        extraRoutes: (app) =>
          app.get('/probe/access-line', async (request, reply) => {
            request.log.info(
              { req: request, res: reply, responseTime: 0.5 },
              'request completed (by pino)',
            );
            return 'ok';
          }),
      },
    );
    try {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/probe/access-line?q=%22quoted%22',
        headers: { host: 'shop.example', 'accept-version': '2' },
        remoteAddress: '203.0.113.7',
      });
      expect(answer.statusCode).toBe(200);
    } finally {
      await t.close();
    }
    const [byPino, written] = ['request completed (by pino)', 'request completed'].map((msg) => {
      const line = lines.find((candidate) => JSON.parse(candidate).msg === msg);
      expect(line, msg).toBeDefined();
      return JSON.parse(line!) as Record<string, unknown>;
    });
    expect(Object.keys(written!)).toEqual(Object.keys(byPino!));
    const { time, responseTime, msg: _msg, ...rest } = written!;
    const { time: pinoTime, msg: _pinoMsg, responseTime: _r, ...pinoRest } = byPino!;
    // The same line but for the query's values, which the access log drops.
    expect(rest).toEqual({
      ...pinoRest,
      req: { ...(pinoRest.req as object), url: '/probe/access-line?q=' },
    });
    expect(rest.req).toMatchObject({ host: 'shop.example', version: '2' });
    expect(typeof responseTime).toBe('number');
    expect(Math.abs(Number(time) - Number(pinoTime))).toBeLessThan(5_000);
  });
});
