// The smoke run (`npm run bench:smoke`, in .ci/run) runs the benches bench/lib/benches.mjs lists:
// a bench file left out of that list would never run and could rot unnoticed.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benches, unlistedBenches } from '../../bench/lib/benches.mjs';

describe('the list of benches', () => {
  it('names every bench script of bench/', () => {
    expect(unlistedBenches()).toEqual([]);
  });

  it('finds a bench script that is not listed, and nothing in bench/lib', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-list-'));
    try {
      for (const { file } of benches) writeFileSync(join(dir, file), '');
      writeFileSync(join(dir, 'run.mjs'), '');
      writeFileSync(join(dir, 'README.md'), '');
      writeFileSync(join(dir, 'new-bench.ts'), '');
      mkdirSync(join(dir, 'lib'));
      writeFileSync(join(dir, 'lib', 'helper.mjs'), '');
      expect(unlistedBenches(dir)).toEqual(['new-bench.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
