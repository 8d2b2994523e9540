// `npm run dev`: the API server with reload on change (tsx watch) and the Vite dev server with
// hot module replacement, which proxies /api and /uploads to the API server.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.PORT ?? '5000';
const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@proshop/server'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@proshop/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
