// `npm run bench`: runs every bench in turn and prints one table of their figures. A bench
// reports a figure by printing `@bench {json}` (see bench/lib/report.mjs); other output passes
// through. `npm run bench -- api` runs only the benches whose file name contains "api".
//
// `npm run bench:smoke` (`node bench/run.mjs --smoke`): every bench in smoke mode (SMOKE=1, tiny
// sizes, a few seconds each; bench/lib/smoke.mjs), after building the shop if its build is
// missing or stale. It ends with one line, `Bench smoke: N of N benches passed in S s`, and
// exits non-zero when a bench failed: exited non-zero, or reported no figure. .ci/run runs it.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { buildIfStale } from '../scripts/lib/build-if-stale.mjs';
import { benchDir, benches, unlistedBenches } from './lib/benches.mjs';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const only = args.filter((arg) => arg !== '--smoke');
const rows = [];
const outcomes = [];

const unlisted = unlistedBenches();
if (unlisted.length > 0) {
  console.error(`Not in bench/lib/benches.mjs, so never run: ${unlisted.join(', ')}`);
  process.exit(1);
}
if (smoke && !buildIfStale()) process.exit(1);

function run({ file, command }) {
  return new Promise((resolve) => {
    console.log(`\n== ${file}${smoke ? ' (smoke)' : ''}`);
    const started = performance.now();
    let figures = 0;
    const child = spawn(command[0], command.slice(1), {
      cwd: benchDir,
      env: smoke ? { ...process.env, SMOKE: '1' } : process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('@bench ')) {
          rows.push({ bench: file, ...JSON.parse(line.slice(7)) });
          figures += 1;
        } else console.log(line);
      }
    });
    child.on('exit', (code, signal) => {
      if (code !== 0) rows.push({ bench: file, figure: `(exited with ${code ?? signal})` });
      const seconds = (performance.now() - started) / 1000;
      outcomes.push({ file, seconds, passed: code === 0 && figures > 0, figures });
      resolve();
    });
  });
}

const started = performance.now();
for (const bench of benches) {
  if (only.length === 0 || only.some((word) => bench.file.includes(word))) await run(bench);
}

const fmt = (value) => (typeof value === 'number' ? String(Math.round(value * 100) / 100) : '');
const table = rows.map((row) => ({
  figure: row.figure,
  value: row.value === undefined ? '' : `${fmt(row.value)} ${row.unit ?? ''}`,
  baseline: row.baseline === undefined ? '' : `${fmt(row.baseline)} (${row.baselineName ?? ''})`,
  ratio: fmt(row.ratio),
  goal: smoke ? '(smoke)' : (row.goal ?? ''),
  ok: smoke || row.ok === undefined ? '' : row.ok ? 'yes' : 'NO',
}));
console.log('');
console.table(table);
console.log('');
for (const { file, seconds, passed, figures } of outcomes) {
  console.log(
    `${passed ? 'passed' : 'FAILED'}  ${file.padEnd(22)} ${seconds.toFixed(1).padStart(6)} s  ${figures} figures`,
  );
}
const passed = outcomes.filter((outcome) => outcome.passed).length;
const total = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `Bench${smoke ? ' smoke' : 'es'}: ${passed} of ${outcomes.length} benches passed in ${total} s`,
);
if (passed < outcomes.length) process.exitCode = 1;
