import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  startServerProcess,
  waitForListening,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { onEmbeddedOnly } from '../helpers/skip-reason.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

// The embedded database's data folder is what these protect; with PostgreSQL there is none.
describe.runIf(testDatabaseKind === 'embedded')(
  'the server process on an embedded database',
  onEmbeddedOnly,
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'proshop-process-'));
    const env = { DATA_DIR: dataDir, DEMO_PASSWORD: 'process-test-password' };
    const started: ServerProcess[] = [];
    const start = () => {
      const server = startServerProcess(env);
      started.push(server);
      return server;
    };
    afterAll(() => {
      for (const server of started)
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    let baseUrl: string;
    let first: ServerProcess;
    let productCount: number;

    it('starts on an empty folder, migrates, seeds the demo shop and says where it listens', async () => {
      first = start();
      baseUrl = await waitForListening(first);
      expect(first.output()).toMatch(/Seeded the demo catalogue: \d+ products and 3 accounts/);
      const body = (await (await fetch(`${baseUrl}/api/products`)).json()) as { pages: number };
      expect(body.pages).toBeGreaterThanOrEqual(2);
      productCount = await countProducts(baseUrl);
      expect(productCount).toBeGreaterThanOrEqual(12);
    });

    it('refuses a second server on the same data folder with a clear message', async () => {
      const second = start();
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already in use by another ProShop process \(pid \d+\)/);
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    });

    it('finishes the requests in flight on SIGTERM, stops cleanly, and starts clean again', async () => {
      const inFlight = Array.from({ length: 20 }, (_, page) =>
        fetch(`${baseUrl}/api/products?pageNumber=${(page % 3) + 1}`).then((res) => res.status),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      first.child.kill('SIGTERM');
      const statuses = await Promise.all(inFlight.map((p) => p.catch(() => 'refused')));
      // Requests the server had accepted are answered; later ones are refused, never half-done.
      for (const status of statuses) expect([200, 503, 'refused']).toContain(status);
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('Stopped cleanly');

      const again = start();
      const againUrl = await waitForListening(again);
      expect(again.output()).not.toContain('Seeded the demo catalogue');
      expect(await countProducts(againUrl)).toBe(productCount);
      first = again;
      baseUrl = againUrl;
    });

    it('recovers after being killed outright (SIGKILL): the stale lock is taken over, data kept', async () => {
      first.child.kill('SIGKILL');
      await first.exited;
      const after = start();
      const url = await waitForListening(after);
      expect(await countProducts(url)).toBe(productCount);
      after.child.kill('SIGTERM');
      expect(await after.exited).toBe(0);
    });
  },
);

async function countProducts(baseUrl: string): Promise<number> {
  const first = (await (await fetch(`${baseUrl}/api/products`)).json()) as { pages: number };
  const last = (await (
    await fetch(`${baseUrl}/api/products?pageNumber=${first.pages}`)
  ).json()) as {
    products: unknown[];
  };
  return (first.pages - 1) * 8 + last.products.length;
}
