import { describe, expect, it } from 'vitest';
import { formatCounts, playwrightSkips, summaryLines, vitestSkips } from './test-summary.mjs';

const vitestReport = {
  testResults: [
    {
      name: '/repo/apps/server/test/rate-limit-redis.test.ts',
      assertionResults: [
        { status: 'passed', title: 'limits', ancestorTitles: ['a'], meta: {} },
        {
          status: 'skipped',
          title: 'shares the sign-in limit',
          ancestorTitles: ['rate limits shared through Redis'],
          meta: { skipReason: 'no redis-server at /usr/bin/redis-server' },
        },
        {
          status: 'skipped',
          title: 'shares the register limit',
          ancestorTitles: ['rate limits shared through Redis'],
          meta: { skipReason: 'no redis-server at /usr/bin/redis-server' },
        },
      ],
    },
    {
      name: '/repo/apps/server/test/orders.test.ts',
      assertionResults: [
        { status: 'skipped', title: 'refunds', ancestorTitles: ['orders', 'admin'], meta: {} },
        { status: 'todo', title: 'partial refunds', ancestorTitles: ['orders'], meta: {} },
        { status: 'failed', title: 'pays', ancestorTitles: ['orders'], meta: {} },
      ],
    },
  ],
};

describe('skipped tests in a vitest report', () => {
  it('are grouped by the reason their suite gives, and named by file and suite without one', () => {
    expect(vitestSkips(vitestReport, '/repo')).toEqual([
      { reason: 'no redis-server at /usr/bin/redis-server', count: 2 },
      { reason: 'no reason given: apps/server/test/orders.test.ts > orders > admin', count: 1 },
      { reason: 'todo: apps/server/test/orders.test.ts > orders > partial refunds', count: 1 },
    ]);
  });

  it('are none in a report without skips or without a report', () => {
    expect(vitestSkips({ testResults: [] }, '/repo')).toEqual([]);
    expect(vitestSkips(undefined, '/repo')).toEqual([]);
  });
});

describe('skipped tests in a Playwright report', () => {
  it('are grouped by the description of their skip annotation, in nested suites too', () => {
    const report = {
      suites: [
        {
          specs: [
            {
              file: 'cart.spec.ts',
              title: 'adds a product',
              tests: [{ status: 'expected', annotations: [] }],
            },
          ],
          suites: [
            {
              specs: [
                {
                  file: 'paypal.spec.ts',
                  title: 'pays',
                  tests: [
                    {
                      status: 'skipped',
                      annotations: [{ type: 'skip', description: 'no PayPal stand-in' }],
                    },
                  ],
                },
                { file: 'paypal.spec.ts', title: 'refunds', tests: [{ status: 'skipped' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightSkips(report)).toEqual([
      { reason: 'no PayPal stand-in', count: 1 },
      { reason: 'no reason given: paypal.spec.ts > refunds', count: 1 },
    ]);
  });
});

describe('the closing summary', () => {
  const ran = { name: 'unit + api (PGlite)', passed: 40, failed: 0, skipped: 3, ms: 61_000 };

  it('lists every part, then a Skipped block with whole parts and tests, then the totals line', () => {
    const { lines, total } = summaryLines(
      [
        {
          ...ran,
          skips: [
            { reason: 'no redis-server at /usr/bin/redis-server', count: 2 },
            { reason: 'runs on PostgreSQL only', count: 1 },
          ],
        },
        {
          name: 'api (PostgreSQL)',
          passed: 0,
          failed: 0,
          skipped: 0,
          ms: 1,
          skippedPart: 'TEST_DATABASE_URL is not set',
        },
        { name: 'bundle size', passed: 1, failed: 0, skipped: 0, ms: 2_500 },
      ],
      { nodeVersion: 'v22.0.0' },
    );
    expect(lines).toEqual([
      'Test summary (Node v22.0.0):',
      '  unit + api (PGlite)  40 passed, 0 failed, 3 skipped in 1m1s',
      '  api (PostgreSQL)     not run in 0.0s',
      '  bundle size          1 passed, 0 failed in 2.5s',
      '',
      'Skipped:',
      '  unit + api (PGlite): 2 tests, no redis-server at /usr/bin/redis-server',
      '  unit + api (PGlite): 1 test, runs on PostgreSQL only',
      '  api (PostgreSQL): all of it, TEST_DATABASE_URL is not set',
      '41 passed, 0 failed, 3 skipped',
    ]);
    expect(total).toEqual({ passed: 41, failed: 0, skipped: 3 });
  });

  it('says so when nothing was skipped', () => {
    const { lines } = summaryLines([{ ...ran, skipped: 0, skips: [] }], { nodeVersion: 'v22' });
    expect(lines.slice(-2)).toEqual([
      'Skipped: nothing, every part and every test ran.',
      '40 passed, 0 failed',
    ]);
  });

  it('counts skips the report does not name, and an interruption as a failure', () => {
    const { lines, total } = summaryLines([{ ...ran, skips: [] }], {
      nodeVersion: 'v22',
      interrupted: true,
    });
    expect(lines).toContain("  unit + api (PGlite): 3 more, not named in the runner's report");
    expect(lines).toContain('  interrupted: the parts after the one running were not run');
    expect(lines.at(-1)).toBe('40 passed, 1 failed, 3 skipped');
    expect(total.failed).toBe(1);
  });
});

describe('the totals line', () => {
  it('leaves out skipped when there are none, as .ci/run expects', () => {
    expect(formatCounts({ passed: 5, failed: 1, skipped: 0 })).toBe('5 passed, 1 failed');
    expect(formatCounts({ passed: 5, failed: 0, skipped: 2 })).toBe(
      '5 passed, 0 failed, 2 skipped',
    );
  });
});
