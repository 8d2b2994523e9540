// `npm start`: builds what is not built, then runs the server, which migrates the database,
// seeds the demo shop on first start and serves everything at http://localhost:PORT.
import { spawn } from 'node:child_process';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { serverNodeFlags } from './lib/server-flags.mjs';

if (!buildIfStale()) {
  console.error('The build failed; see the messages above.');
  process.exit(1);
}

const server = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    ...serverNodeFlags,
    new URL('../apps/server/dist/server.js', import.meta.url).pathname,
  ],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
