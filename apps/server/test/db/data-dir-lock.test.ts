import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { DataDirInUseError, acquireDataDirLock } from '../../src/db/data-dir-lock.ts';

describe('embedded database folder lock', () => {
  it('refuses a second opener of the same data folder with a clear message', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'proshop-lock-'));
    const first = await openDatabase({ dataDir });
    const lockFile = join(dataDir, 'pglite.lock');
    writeFileSync(lockFile, String(process.ppid)); // owned by another live process
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      /already in use by another ProShop process/,
    );
    writeFileSync(lockFile, String(process.pid));
    await first.close();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proshop-lock-'));
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(join(dir, 'pglite.lock'), String(deadPid));
    const release = acquireDataDirLock(join(dir, 'pglite.lock'));
    release();
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
  });
});
