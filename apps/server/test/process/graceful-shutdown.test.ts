import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitForListening } from '../helpers/server-process.ts';
import { onEmbeddedOnly } from '../helpers/skip-reason.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

/** A raw HTTP/1.1 connection: what it received so far, and a promise of its close. */
function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => socket.once('data', resolve));
  };
  return { socket, received: () => received, closed, until };
}

async function waitFor(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

// The HTTP side of shutdown is the same on either database; the embedded one needs no server.
describe.runIf(testDatabaseKind === 'embedded')(
  'graceful shutdown on SIGTERM',
  onEmbeddedOnly,
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'proshop-shutdown-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    // Starting the server from its sources takes a while on a busy machine.
    it(
      'answers the request in flight, closes kept-alive connections, and exits 0 at once',
      { timeout: 90_000 },
      async () => {
        const server = startServerProcess({
          DATA_DIR: dataDir,
          DEMO_PASSWORD: 'shutdown-password',
        });
        try {
          const port = Number(new URL(await waitForListening(server)).port);

          // A connection kept alive after one answer, as nginx keeps its upstream connections.
          const idle = openConnection(port);
          idle.socket.write('GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n');
          await idle.until(() => idle.received().includes('{"status":"ok"}'));
          expect(idle.received()).toMatch(/connection: keep-alive/i);

          // A sign-in whose body is still arriving when SIGTERM comes: a request in flight. Node
          // answers "100 Continue" once it handed the request to the app, which then waits for the body.
          const body = JSON.stringify({
            email: 'nobody@example.com',
            password: 'not-the-password',
          });
          const inFlight = openConnection(port);
          inFlight.socket.write(
            'POST /api/users/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
              `Expect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
          );
          await inFlight.until(() => inFlight.received().includes('100 Continue'));
          inFlight.socket.write(body.slice(0, 10));

          const signalledAt = Date.now();
          server.child.kill('SIGTERM');
          await waitFor(() => server.output().includes('SIGTERM received'));
          // The idle connection is closed, so it cannot hold the process open.
          await idle.closed;

          inFlight.socket.write(body.slice(10));
          await inFlight.closed;
          // The shopper gets the real answer, and the connection closes after it.
          expect(inFlight.received()).toMatch(/\r\n\r\nHTTP\/1\.1 401 /);
          expect(inFlight.received()).toContain('Invalid email or password');
          expect(inFlight.received()).toMatch(/\r\nconnection: close\r\n/i);

          expect(await server.exited).toBe(0);
          expect(server.output()).toContain('Stopped cleanly');
          expect(server.output()).not.toContain('did not finish in time');
          // Well inside the 10 s grace period: nothing waited for an idle connection.
          expect(Date.now() - signalledAt).toBeLessThan(5_000);
        } finally {
          if (server.child.exitCode === null) server.child.kill('SIGKILL');
        }
      },
    );
  },
);
