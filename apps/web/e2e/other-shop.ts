// A shop of its own for the few tests about a setting the suite's shops do not have (such as
// CHECKOUT_ACCOUNTS=required): the same build, on a fresh embedded database and a free port,
// started by the spec that needs it and stopped after it, so no other test pays for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPassword } from './shop-server.ts';

export interface OtherShop {
  url: string;
  stop(): Promise<void>;
}

const serverScript = join(import.meta.dirname, '../../server/dist/server.js');

/** A port nobody listens on now (the system's choice, outside the ports Chromium refuses). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No port'));
      });
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The shop stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The shop at ${url} did not start within ${ms} ms`);
}

/**
 * How long a start may take: a few seconds on an idle machine (migrating and seeding a fresh
 * embedded database), nearly a minute measured beside a busy one.
 */
export const OTHER_SHOP_START_MS = 120_000;

/** Starts the built shop in test mode with `env` added; resolves once it answers. */
export async function startOtherShop(env: Record<string, string>): Promise<OtherShop> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'proshop-e2e-other-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverScript], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, OTHER_SHOP_START_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
