// `npm run bench`: runs every bench in turn and prints one table of their figures. A bench
// reports a figure by printing `@bench {json}` (see bench/lib/report.mjs); other output passes
// through. `npm run bench -- api` runs only the benches whose file name contains "api".
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const benches = [
  { file: 'api.mjs', command: [process.execPath, 'api.mjs'] },
  { file: 'scale.ts', command: ['npx', 'tsx', 'scale.ts'] },
  { file: 'catalogue.ts', command: ['npx', 'tsx', 'catalogue.ts'] },
  { file: 'checkout.ts', command: ['npx', 'tsx', 'checkout.ts'] },
  { file: 'forgot-password.ts', command: ['npx', 'tsx', 'forgot-password.ts'] },
  { file: 'capture-isolation.ts', command: ['npx', 'tsx', 'capture-isolation.ts'] },
  { file: 'lighthouse.mjs', command: [process.execPath, 'lighthouse.mjs'] },
  { file: 'memory.mjs', command: [process.execPath, 'memory.mjs'] },
  { file: 'startup.mjs', command: [process.execPath, 'startup.mjs'] },
];
const only = process.argv.slice(2);
const rows = [];

function run({ file, command }) {
  return new Promise((resolve) => {
    console.log(`\n== ${file}`);
    const child = spawn(command[0], command.slice(1), {
      cwd: here,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('@bench ')) rows.push({ bench: file, ...JSON.parse(line.slice(7)) });
        else console.log(line);
      }
    });
    child.on('exit', (code) => {
      if (code !== 0) rows.push({ bench: file, figure: `(exited with code ${code})` });
      resolve();
    });
  });
}

for (const bench of benches) {
  if (only.length === 0 || only.some((word) => bench.file.includes(word))) await run(bench);
}

const fmt = (value) => (typeof value === 'number' ? String(Math.round(value * 100) / 100) : '');
const table = rows.map((row) => ({
  figure: row.figure,
  value: row.value === undefined ? '' : `${fmt(row.value)} ${row.unit ?? ''}`,
  baseline: row.baseline === undefined ? '' : `${fmt(row.baseline)} (${row.baselineName ?? ''})`,
  ratio: fmt(row.ratio),
  goal: row.goal ?? '',
  ok: row.ok === undefined ? '' : row.ok ? 'yes' : 'NO',
}));
console.log('');
console.table(table);
