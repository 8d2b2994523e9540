/* global fetch -- Node 20 has fetch built in. */
// Helpers shared by the API benches: start the real production server (apps/server/dist) or a
// bare node:http server in their own processes, and throwaway PostgreSQL databases.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverNodeFlags } from '../../scripts/lib/server-flags.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const serverBundle = join(root, 'apps/server/dist/server.js');
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/**
 * How long a shop may take to answer after its start: a first start on a new data folder
 * (PGlite's initdb, the migrations, the demo seed) has taken over a minute on a shared 2-core
 * machine at load 20.
 */
export const START_TIMEOUT_MS = 180_000;

export function requireBuild() {
  if (!existsSync(serverBundle)) {
    throw new Error('apps/server/dist/server.js is missing: run `npm run build` first');
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** The environment the benches run the shop in: production mode, the demo catalogue. */
export function shopEnvironment({ port, dataDir, databaseUrl }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET,
    ALLOW_TEST_PAYMENTS: '1',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    // The address the bench reaches it at: canonical links and sitemaps name it.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  };
}

/**
 * The shop as it runs in production: NODE_ENV=production, LOG_LEVEL=warn, test payments. With
 * no databaseUrl it uses a fresh embedded database (seeded with the demo catalogue).
 *
 * `stdout` is where its log lines go (a file descriptor, or 'inherit').
 *
 * @param {{ databaseUrl?: string, env?: Record<string, string>, nodeArgs?: string[],
 *   stdout?: number | 'inherit' | 'ignore' }} [options]
 */
export async function startShop({ databaseUrl, env = {}, nodeArgs = [], stdout = 'inherit' } = {}) {
  requireBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'proshop-bench-'));
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeArgs, serverBundle], {
    env: { ...shopEnvironment({ port, dataDir, databaseUrl }), ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitFor(`${base}/api/ready`, child, START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base,
    pid: child.pid,
    /** Its DATA_DIR: the outbox folder of its e-mails is `outbox` in it (no SMTP_URL). */
    dataDir,
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A bare node:http server answering each path with the given bytes from memory: the ceiling
 * of what node can serve on this machine, measured in the same run as the shop.
 *
 * What bench/api.mjs's breakdown adds to it, to show what pieces cost without any framework:
 * `headers` (sent with every answer, with an x-request-id of its own), and `accessLog`: one
 * line per request through pino as the shop's logger writes it (asynchronous, 4 KB batches),
 * into /dev/null.
 *
 * @param {Record<string, string>} bodies
 * @param {{ headers?: Record<string, string>, accessLog?: boolean }} [options]
 */
export async function startBareServer(bodies, { headers, accessLog = false } = {}) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'proshop-bare-'));
  const file = join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const pino = createRequire(join(root, 'apps/server/package.json')).resolve('pino');
  const code = `
    const http = require('node:http');
    const { randomUUID } = require('node:crypto');
    const bodies = new Map(Object.entries(require(${JSON.stringify(file)})).map(([k, v]) => [k, Buffer.from(v)]));
    const headers = ${JSON.stringify(headers ?? null)};
    const pino = ${accessLog} ? require(${JSON.stringify(pino)}) : undefined;
    const log = pino?.(
      { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] },
      pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 }),
    );
    http.createServer((req, res) => {
      const start = performance.now();
      const body = bodies.get(req.url);
      if (!body) { res.writeHead(404); return res.end(); }
      const reqId = headers || log ? randomUUID() : undefined;
      if (headers) {
        for (const name in headers) res.setHeader(name, headers[name]);
        res.setHeader('x-request-id', reqId);
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
      log?.child({ reqId }).info({
        req: { method: req.method, url: req.url, host: req.headers.host, remoteAddress: req.socket.remoteAddress, remotePort: req.socket.remotePort },
        res: { statusCode: 200 },
        responseTime: performance.now() - start,
      }, 'request completed');
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const firstPath = Object.keys(bodies)[0];
  await waitFor(`${base}${firstPath}`, child);
  const stop = stopper(child);
  return {
    base,
    pid: child.pid,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL server to bench on: DATABASE_URL, else TEST_DATABASE_URL. */
export function postgresServerUrl() {
  return process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/** A new empty database on that server, dropped by `drop()`. */
export async function createDatabase(serverUrl) {
  const name = `proshop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
