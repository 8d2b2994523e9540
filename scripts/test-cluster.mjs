// `npm run test:cluster`: the shop as several servers. Builds what is stale, then runs the vitest
// project `cluster` (apps/server/test/cluster/): a throwaway PostgreSQL, Redis and Debian's nginx
// with deploy/nginx.conf in front of 3 instances of the production build, all on this machine.
// It then prints what the tests proved, with their counts, and as its last line
// `N passed, N failed[, N skipped]` (read by .ci/run). Arguments go to vitest.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { formatCounts } from './lib/test-summary.mjs';

const root = new URL('..', import.meta.url).pathname;
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Runs vitest's `cluster` project; resolves with its exit code. */
function runVitest(reportFile, proofsFile) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'cluster',
        ...process.argv.slice(2),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, CLUSTER_PROOFS_FILE: proofsFile } },
    );
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function main() {
  if (!existsSync(nginx)) {
    console.log(`Cluster tests FAILED: no nginx at ${nginx} (install Debian's nginx).`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  if (!buildIfStale()) {
    console.log('Cluster tests FAILED: the build failed; see above.');
    console.log('0 passed, 1 failed');
    return 1;
  }
  const dir = mkdtempSync(join(tmpdir(), 'proshop-test-cluster-'));
  const started = Date.now();
  try {
    const code = await runVitest(join(dir, 'report.json'), join(dir, 'proofs.txt'));
    const proofs = readText(join(dir, 'proofs.txt')).trim();
    const report = JSON.parse(readText(join(dir, 'report.json')) || 'null');
    const counts = {
      passed: report?.numPassedTests ?? 0,
      failed: report?.numFailedTests ?? 0,
      skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    };
    // A runner that failed without a failing test (a crash, a hook that threw) is one failure.
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    console.log(`\nWhat the cluster test proved (${Math.round((Date.now() - started) / 1000)} s):`);
    console.log(proofs ? proofs.replace(/^/gm, '  ') : '  nothing: see the failures above');
    console.log(formatCounts(counts));
    return counts.failed > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
