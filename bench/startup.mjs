/* global fetch, performance -- Node 20 has them built in. */
// Bench (not a test): how long `npm start` takes to answer, from spawning it to the first 200 of
// GET /api/ready (the database answers; docs in README "Health"), against a bare node:http
// server spawned the same way in the same run. Measured on the embedded database, demo catalogue,
// NODE_ENV=production:
// - on this checkout, already built: the first start on a new data folder (the database is
//   created, migrated and seeded), then a restart on the same folder;
// - on a fresh clone of this checkout's last commit (git clone into a temporary folder), whose
//   first `npm start` builds the web app and the server. Installing packages is not measured:
//   the clone reuses this checkout's node_modules folders by symbolic links (the rules of this
//   machine allow no network install; `npm ci` would add its own time on top).
//
//   npm run build && node bench/startup.mjs    Options: CLONE=0 skips the fresh clone
//   SMOKE=1: the fresh clone is skipped (its build alone takes 20 s), unless CLONE=1
//
// Goals (issue 23): within 3 s on a built checkout; within 60 s for the first start of a fresh
// clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  requireBuild,
  root,
  shopEnvironment,
  START_TIMEOUT_MS,
} from './lib/processes.mjs';
import { atMost, reportRow, round } from './lib/report.mjs';
import { smoke } from './lib/smoke.mjs';

/** Spawns a command (in a process group of its own) and times it to the first 200 of `path`. */
async function timeToAnswer(command, args, { cwd = root, env, path, port, timeoutMs }) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      process.kill(-child.pid, 'SIGTERM');
    });
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode})`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        await response.arrayBuffer();
        if (response.status === 200) return (performance.now() - started) / 1000;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${command} ${args.join(' ')} did not answer within ${timeoutMs} ms`);
  } finally {
    await stop();
  }
}

async function bareServer() {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  return timeToAnswer(process.execPath, ['-e', code], { path: '/', port, timeoutMs: 10_000 });
}

async function npmStart(cwd, dataDir, timeoutMs) {
  const port = await freePort();
  const env = shopEnvironment({ port, dataDir });
  return timeToAnswer('npm', ['start'], { cwd, env, path: '/api/ready', port, timeoutMs });
}

/** The server bundle alone, without npm and scripts/start.mjs in front of it. */
async function serverAlone(dataDir) {
  const port = await freePort();
  const env = shopEnvironment({ port, dataDir });
  return timeToAnswer(process.execPath, ['apps/server/dist/server.js'], {
    env,
    path: '/api/ready',
    port,
    timeoutMs: START_TIMEOUT_MS,
  });
}

/** A clone of HEAD with this checkout's node_modules folders linked in. */
function freshClone() {
  const dir = mkdtempSync(join(tmpdir(), 'proshop-clone-'));
  const clone = spawnSync('git', ['clone', '--quiet', root, dir], { stdio: 'inherit' });
  if (clone.status !== 0) throw new Error('git clone failed');
  const folders = ['.', 'apps', 'packages'].flatMap((parent) =>
    parent === '.' ? ['.'] : readdirSync(join(root, parent)).map((name) => join(parent, name)),
  );
  for (const folder of folders) {
    const modules = join(root, folder, 'node_modules');
    if (existsSync(modules) && existsSync(join(dir, folder))) {
      symlinkSync(modules, join(dir, folder, 'node_modules'));
    }
  }
  return dir;
}

function row(figure, value, baseline, goalSeconds) {
  reportRow({
    figure,
    value: round(value, 2),
    unit: 's',
    baseline: round(baseline, 2),
    baselineName: 'bare node:http start',
    ...atMost(value, goalSeconds, 's'),
  });
}

requireBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'proshop-startup-'));
try {
  const bare = await bareServer();
  const first = await npmStart(root, dataDir, START_TIMEOUT_MS);
  row('npm start, built checkout, new data folder', first, bare, 3);
  const restart = await npmStart(root, dataDir, START_TIMEOUT_MS);
  row('npm start, built checkout, restart', restart, bare, 3);
  row('node dist/server.js alone, restart', await serverAlone(dataDir), bare, undefined);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (smoke ? process.env.CLONE === '1' : process.env.CLONE !== '0') {
  const clone = freshClone();
  const cloneData = mkdtempSync(join(tmpdir(), 'proshop-startup-'));
  try {
    const bare = await bareServer();
    row(
      'npm start, fresh clone (builds first)',
      await npmStart(clone, cloneData, 300_000),
      bare,
      60,
    );
  } finally {
    rmSync(clone, { recursive: true, force: true });
    rmSync(cloneData, { recursive: true, force: true });
  }
}
