// The closing summary of `npm test` (scripts/test.mjs): one line per part with its counts, then
// a "Skipped:" block naming every part or test that did not run and why, so that a green run
// cannot hide a part that never ran, then the totals line that .ci/run parses.
import { relative } from 'node:path';

/**
 * Skipped tests of a vitest JSON report, grouped by reason. A suite gives its reason as
 * `meta.skipReason` (apps/server/test/helpers/skip-reason.ts); a test without one is named by
 * its file and suite, so that it still shows up.
 */
export function vitestSkips(report, root) {
  const groups = new Map();
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'skipped' && test.status !== 'pending' && test.status !== 'todo') {
        continue;
      }
      const where = [relative(root, file.name), ...(test.ancestorTitles ?? [])].join(' > ');
      const reason =
        test.status === 'todo'
          ? `todo: ${where} > ${test.title}`
          : (test.meta?.skipReason ?? `no reason given: ${where}`);
      groups.set(reason, (groups.get(reason) ?? 0) + 1);
    }
  }
  return [...groups].map(([reason, count]) => ({ reason, count }));
}

/** Skipped tests of a Playwright JSON report, grouped by the description of their skip. */
export function playwrightSkips(report) {
  const groups = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'skipped') continue;
        const skip = (test.annotations ?? []).find((a) => a.type === 'skip' || a.type === 'fixme');
        const reason = skip?.description || `no reason given: ${spec.file} > ${spec.title}`;
        groups.set(reason, (groups.get(reason) ?? 0) + 1);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...groups].map(([reason, count]) => ({ reason, count }));
}

export function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

function formatDuration(ms) {
  return ms < 60_000
    ? `${(ms / 1000).toFixed(1)}s`
    : `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
}

/**
 * The summary's lines. Each result is `{ name, passed, failed, skipped, ms, note?, skippedPart?,
 * skips? }`: `skippedPart` is why a part did not run at all, `skips` the skipped tests of a part
 * that ran, as `[{ reason, count }]`. The last line is always `N passed, N failed[, N skipped]`.
 */
export function summaryLines(results, { nodeVersion, interrupted = false }) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const lines = [`Test summary (Node ${nodeVersion}):`];
  const skippedLines = [];
  for (const result of results) {
    for (const key of Object.keys(total)) total[key] += result[key];
    const counts = result.skippedPart ? 'not run' : formatCounts(result);
    const note = result.note ? ` (${result.note})` : '';
    lines.push(`  ${result.name.padEnd(20)} ${counts} in ${formatDuration(result.ms)}${note}`);
    if (result.skippedPart) skippedLines.push(`  ${result.name}: all of it, ${result.skippedPart}`);
    const listed = (result.skips ?? []).reduce((sum, { count }) => sum + count, 0);
    for (const { reason, count } of result.skips ?? []) {
      skippedLines.push(`  ${result.name}: ${count} ${count === 1 ? 'test' : 'tests'}, ${reason}`);
    }
    if (result.skipped > listed) {
      skippedLines.push(
        `  ${result.name}: ${result.skipped - listed} more, not named in the runner's report`,
      );
    }
  }
  if (interrupted) {
    lines.push('  interrupted: the parts after the one running were not run');
    total.failed += 1;
  }
  lines.push('');
  if (skippedLines.length > 0) lines.push('Skipped:', ...skippedLines);
  else lines.push('Skipped: nothing, every part and every test ran.');
  lines.push(formatCounts(total));
  return { lines, total };
}
