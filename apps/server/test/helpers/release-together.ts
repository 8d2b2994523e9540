import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One request prepared for `releaseTogether`. */
export interface PreparedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  payload?: unknown;
  /** Another server than the one `releaseTogether` is given, e.g. a second instance. */
  to?: FastifyInstance | string;
}

/** What a released request answered. */
export interface ReleasedAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json<T = unknown>(): T;
}

/**
 * Sends every request over its own connection with all but its last byte, waits until every one
 * of those bytes has reached the server, then sends the last byte of all of them in one tick, so
 * the server starts judging them at the same moment (as an attacker holding sockets open would).
 * A check that reads a counter before it writes it lets several of them through; an atomic one
 * does not. Answers in the order of `requests`.
 */
export async function releaseTogether(
  target: FastifyInstance | string,
  requests: PreparedRequest[],
  options: { beforeRelease?: () => Promise<void> } = {},
): Promise<ReleasedAnswer[]> {
  // One after another: an app that is not listening yet is started once.
  const addresses = new Map<FastifyInstance | string, { host: string; port: number }>();
  for (const server of new Set([target, ...requests.map((request) => request.to ?? target)])) {
    addresses.set(server, await addressOf(server));
  }
  const held = await Promise.all(
    requests.map((request) => {
      const { host, port } = addresses.get(request.to ?? target)!;
      return holdBack(host, port, request);
    }),
  );
  await options.beforeRelease?.();
  for (const connection of held) connection.socket.write(connection.lastByte);
  return Promise.all(held.map((connection) => connection.answer));
}

/** `releaseTogether` with one request repeated `count` times. */
export function releaseCopies(
  target: FastifyInstance | string,
  request: PreparedRequest,
  count: number,
): Promise<ReleasedAnswer[]> {
  return releaseTogether(
    target,
    Array.from({ length: count }, () => request),
  );
}

/** How many answers had each status code: `{ 401: 10, 429: 40 }`. */
export function countStatuses(answers: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

async function addressOf(target: FastifyInstance | string) {
  if (typeof target === 'string') {
    const url = new URL(target);
    return { host: url.hostname, port: Number(url.port) };
  }
  // A test app built by createTestApp is ready but not listening; listen once on a free port.
  if (!target.server.listening) await target.listen({ port: 0, host: '127.0.0.1' });
  const address = target.server.address();
  if (address === null || typeof address === 'string') throw new Error('The app has no TCP port');
  return { host: '127.0.0.1', port: address.port };
}

interface HeldRequest {
  socket: Socket;
  lastByte: Buffer;
  answer: Promise<ReleasedAnswer>;
}

function holdBack(host: string, port: number, request: PreparedRequest): Promise<HeldRequest> {
  const bytes = encodeRequest(host, port, request);
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    const chunks: Buffer[] = [];
    const answer = new Promise<ReleasedAnswer>((resolveAnswer, rejectAnswer) => {
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        try {
          resolveAnswer(parseResponse(Buffer.concat(chunks)));
        } catch (error) {
          rejectAnswer(error instanceof Error ? error : new Error(String(error)));
        }
      });
      socket.on('error', rejectAnswer);
    });
    // Unhandled until the caller awaits it, after release; keep a rejection from crashing early.
    answer.catch(() => {});
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(bytes.subarray(0, -1), (error) => {
        if (error) reject(error);
        else resolve({ socket, lastByte: bytes.subarray(-1), answer });
      });
    });
  });
}

function encodeRequest(host: string, port: number, request: PreparedRequest): Buffer {
  const body =
    request.payload === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(request.payload));
  const headers: Record<string, string> = {
    host: `${host}:${port}`,
    connection: 'close',
    ...(body.length > 0
      ? { 'content-type': 'application/json', 'content-length': String(body.length) }
      : {}),
    ...request.headers,
  };
  const head =
    `${request.method} ${request.url} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  // Without a body the held-back byte is the last of the blank line that ends the head.
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

function parseResponse(raw: Buffer): ReleasedAnswer {
  const split = raw.indexOf('\r\n\r\n');
  if (split === -1) throw new Error(`Incomplete HTTP answer: ${raw.toString('latin1')}`);
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const statusCode = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = decodeChunked(body);
  const text = body.toString('utf8');
  return { statusCode, headers, body: text, json: <T>() => JSON.parse(text) as T };
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
