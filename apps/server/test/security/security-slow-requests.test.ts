import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TIMEOUT_MS = 1_500;

/** Sends a request head, then its body a byte every `everyMs`; answers what came back and when. */
function trickle(port: number, everyMs: number) {
  return new Promise<{ answer: string; afterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(40) });
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        'POST /api/users/login HTTP/1.1\r\nhost: shop\r\ncontent-type: application/json\r\n' +
          `content-length: ${body.length}\r\n\r\n`,
      );
      let sent = 0;
      timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, afterMs: Date.now() - started });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server never cut the slow request off'));
    }, TIMEOUT_MS * 10);
  });
}

describe('a request must arrive whole within REQUEST_TIMEOUT_MS', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('cuts off a body that trickles in with 408, about a second after the limit at most', async () => {
    // 70 bytes at one every 100 ms would take 7 s.
    const { answer, afterMs } = await trickle(port, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(afterMs).toBeLessThan(TIMEOUT_MS + 3_000);
  });

  it('leaves a request that arrives in time alone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it('defaults to one minute', async () => {
    const { loadConfig } = await import('../../src/config.ts');
    expect(loadConfig({}).REQUEST_TIMEOUT_MS).toBe(60_000);
  });
});

/** Two requests on one kept-alive connection, `idleMs` apart; answers the second's status line. */
function twoRequestsApart(port: number, idleMs: number) {
  return new Promise<string>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const request = 'GET /api/health HTTP/1.1\r\nhost: shop\r\nconnection: keep-alive\r\n\r\n';
    let answers = '';
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => {
      answers += chunk.toString('latin1');
      const statusLines = answers.match(/HTTP\/1\.1 \d+/g) ?? [];
      if (statusLines.length === 1 && !socket.destroyed) {
        setTimeout(() => !socket.destroyed && socket.write(request), idleMs).unref();
      }
      if (statusLines.length === 2) {
        socket.destroy();
        resolve(statusLines[1]!);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve('closed by the server'));
  });
}

describe('a kept-alive connection', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  // Node's own default drops it after 5 s; a client reusing it at that moment got "socket hang up".
  it('stays open well past five idle seconds', async () => {
    expect(await twoRequestsApart(port, 6_000)).toBe('HTTP/1.1 200');
  }, 15_000);
});
