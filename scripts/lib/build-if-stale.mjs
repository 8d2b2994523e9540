// Builds the web app and the server when their build is missing or older than their sources,
// so `npm start` and the browser tests always run what the checkout holds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

const targets = [
  {
    workspace: '@proshop/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/compress-build.mjs',
    ],
  },
  {
    workspace: '@proshop/server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'apps/server/build.mjs'],
  },
];
const sharedSources = ['packages/domain/src', 'package-lock.json'];

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stat.mtimeMs,
  );
}

export function staleTargets() {
  return targets.filter(({ output, sources }) => {
    const built = join(root, output);
    if (!existsSync(built)) return true;
    const sourceTime = Math.max(
      ...[...sources, ...sharedSources].map((s) => newestModification(join(root, s))),
    );
    return sourceTime > statSync(built).mtimeMs;
  });
}

/** Builds what is stale; returns false when a build failed. */
export function buildIfStale({ log = console.log } = {}) {
  for (const target of staleTargets()) {
    log(`Building ${target.workspace} (its build is missing or older than its sources)...`);
    const result = spawnSync('npm', ['run', 'build', '--workspace', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) return false;
  }
  return true;
}
