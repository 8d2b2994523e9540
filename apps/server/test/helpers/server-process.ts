import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Runs the real server entry point (through tsx, no build needed) as a separate process. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** SIGKILLs those of the servers a test started that are still running (its `finally`). */
export function killStillRunning(servers: readonly ServerProcess[]): void {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  }
}

/** Waits until the server says where it listens, and answers that base URL. */
export async function waitForListening(server: ServerProcess, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /is running at (http:\/\/localhost:\d+)/.exec(server.output());
    if (match?.[1]) return match[1].replace('localhost', '127.0.0.1');
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start:\n${server.output()}`);
}

type Json = Record<string, unknown>;

/** JSON calls to a server process: `api(method, path, token?, body?)` answers status and body. */
export function apiClient(baseUrl: string) {
  return async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Json };
  };
}
