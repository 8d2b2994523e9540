import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const deployConfig = fileURLToPath(new URL('../../../../../deploy/nginx.conf', import.meta.url));

/** `text` with `from` replaced by `to`, failing when deploy/nginx.conf no longer holds `from`. */
function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
  return text.replace(from, to);
}

/**
 * deploy/nginx.conf as it runs here: the compose service names become the instances' local
 * ports, port 80 a free port, and the cache and log paths a temporary folder. Everything else
 * (balancing, retries, timeouts, compression, limits, caching) is the file as shipped.
 */
export function renderNginxConfig(options: {
  listenPort: number;
  upstreamPorts: number[];
  dir: string;
}): string {
  let config = readFileSync(deployConfig, 'utf8');
  const servers = [...config.matchAll(/^ {4}server app-\d+:5000( [^;]*)?;$/gm)];
  if (servers.length === 0) throw new Error('deploy/nginx.conf lists no `server app-N:5000` line');
  const parameters = servers[0]![1] ?? '';
  const local = options.upstreamPorts
    .map((port) => `    server 127.0.0.1:${port}${parameters};`)
    .join('\n');
  config = config.replace(/^ {4}server app-\d+:5000[^;]*;\n/gm, '');
  config = replaceOnce(config, /^( {4}least_conn;\n)/m, `$1${local}\n`);
  config = replaceOnce(config, 'listen 80;', `listen 127.0.0.1:${options.listenPort};`);
  config = replaceOnce(config, '/var/cache/nginx/proshop', join(options.dir, 'cache'));
  config = replaceOnce(config, '/var/log/nginx/access.log', join(options.dir, 'access.log'));
  return config;
}

/** The main configuration around it, as the nginx image's own nginx.conf provides it. */
function mainConfig(dir: string): string {
  return `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/proshop.conf;
}
`;
}

export interface Nginx {
  url: string;
  port: number;
  /** What `nginx -t` said about the configuration. */
  testOutput: string;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

/**
 * Debian's nginx with deploy/nginx.conf in front of the given instance ports, as the current
 * user, with its pid file, logs, cache and temporary files in a folder of its own. As root its
 * workers run as `nobody`, which nginx gives the folders it creates.
 */
export async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'proshop-nginx-'));
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'proshop.conf'), renderNginxConfig({ listenPort, upstreamPorts, dir }));
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  const test = spawnSync(NGINX_BINARY, ['-t', ...args], { encoding: 'utf8' });
  const testOutput = `${test.stdout}${test.stderr}`;
  if (test.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused the configuration:\n${testOutput}`);
  }
  const child = spawn(NGINX_BINARY, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = (file: string) => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  try {
    await waitForPort(listenPort, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}:\n${read('error.log')}`);
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    testOutput,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop: async () => {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
