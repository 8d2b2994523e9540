import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServerProcess,
  waitForListening,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { noPostgresServer } from '../helpers/skip-reason.ts';
import {
  findPostgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from './helpers/throwaway-postgres.ts';

const DEMO_PASSWORD = 'faults-demo-password';
const DATABASE_DOWN = 'The shop is temporarily unavailable. Please try again in a moment.';
/** Longer than this without an answer counts as a hung request. */
const HANG_MS = 5_000;

interface Answer {
  status: number | 'hung' | 'refused';
  ms: number;
  message?: string;
}

/**
 * The real server process on a PostgreSQL server of the test's own, which the test stops while
 * shoppers are browsing and signing in, then starts again on the same port.
 */
describe.skipIf(!findPostgresBin())('PostgreSQL stopped under load', noPostgresServer, () => {
  let pg: ThrowawayPostgres;
  let server: ServerProcess;
  let baseUrl: string;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    server = startServerProcess({
      DATABASE_URL: pg.url,
      DEMO_PASSWORD,
      LOG_LEVEL: 'info',
    });
    baseUrl = await waitForListening(server);
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'john@example.com', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    const list = (await (await fetch(`${baseUrl}/api/products`)).json()) as {
      products: { _id: string }[];
    };
    productId = list.products[0]!._id;
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    pg?.destroy();
  });

  async function call(path: string, signedIn = false): Promise<Answer> {
    const started = Date.now();
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        headers: signedIn ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(HANG_MS),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return {
        status: res.status,
        ms: Date.now() - started,
        ...(body.message ? { message: body.message } : {}),
      };
    } catch (error) {
      const hung = error instanceof Error && error.name === 'TimeoutError';
      return { status: hung ? 'hung' : 'refused', ms: Date.now() - started };
    }
  }

  /** Shoppers browsing, opening a product and their profile, until stopped. */
  function startLoad(workers = 8) {
    const answers: Answer[] = [];
    let running = true;
    const paths: [string, boolean][] = [
      ['/api/products', false],
      [`/api/products/${productId}`, false],
      ['/api/users/profile', true],
      ['/api/products?keyword=phone', false],
    ];
    const loops = Array.from({ length: workers }, async (_, worker) => {
      for (let i = worker; running; i += 1) {
        const [path, signedIn] = paths[i % paths.length]!;
        answers.push(await call(path, signedIn));
      }
    });
    return {
      answers,
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  /** Polls until `ok` holds for an answer of `path`; answers how long that took. */
  async function timeUntil(
    path: string,
    ok: (answer: Answer) => boolean,
    limitMs: number,
    signedIn = false,
  ): Promise<{ ms: number; last: Answer }> {
    const started = Date.now();
    let last: Answer = { status: 'refused', ms: 0 };
    while (Date.now() - started < limitMs) {
      last = await call(path, signedIn);
      if (ok(last)) return { ms: Date.now() - started, last };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { ms: Date.now() - started, last };
  }

  for (const mode of ['fast', 'immediate'] as const) {
    it(`answers 503 quickly while PostgreSQL is down (pg_ctl stop -m ${mode}) and serves again by itself within 5 s of its return`, async () => {
      const load = startLoad();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(load.answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);

      const stoppedAt = Date.now();
      pg.stop(mode);
      const stopTook = Date.now() - stoppedAt;

      const ready = await timeUntil('/api/ready', (a) => a.status === 503, 5_000);
      expect(ready.last.status).toBe(503);
      expect(ready.last.message).toBe('The database is not answering');
      expect(ready.last.ms).toBeLessThan(3_000);

      // Every kind of call, signed in or not, answers 503 with words a shopper understands.
      for (const [path, signedIn] of [
        ['/api/products', false],
        [`/api/products/${productId}`, false],
        ['/api/users/profile', true],
      ] as const) {
        const down = await call(path, signedIn);
        expect(down, path).toMatchObject({ status: 503, message: DATABASE_DOWN });
        expect(down.ms, path).toBeLessThan(4_000);
      }
      expect((await call('/api/health')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      pg.start();
      // pg_ctl start --wait returns once PostgreSQL accepts connections: it is back from here.
      const restartedAt = Date.now();
      const back = await timeUntil('/api/ready', (a) => a.status === 200, 10_000);
      const backMs = Date.now() - restartedAt;
      const served = await timeUntil('/api/users/profile', (a) => a.status === 200, 5_000, true);
      await load.stop();

      // While the database was gone nothing hung and nothing was a 500: 200 before, 503 after.
      const odd = load.answers.filter((a) => a.status !== 200 && a.status !== 503);
      expect(odd).toEqual([]);
      expect(load.answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      expect(back.last.status).toBe(200);
      expect(backMs).toBeLessThan(5_000);
      expect(served.last.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      console.log(
        `PostgreSQL stop -m ${mode}: took ${stopTook} ms; ready 503 after ${ready.ms} ms; ` +
          `serving again ${backMs} ms after PostgreSQL accepted connections; ` +
          `${load.answers.length} load requests, ` +
          `${load.answers.filter((a) => a.status === 503).length} answered 503`,
      );
    });
  }
});
