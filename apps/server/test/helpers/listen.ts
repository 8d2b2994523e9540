import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a stand-in's HTTP server on `host` (loopback unless told) and `port` (any free one
 * unless told); answers its address, `http://host:port`. A port in use rejects.
 */
export async function listenOn(
  server: Server,
  options: { host?: string; port?: number } = {},
): Promise<string> {
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return `http://${host}:${port}`;
}
