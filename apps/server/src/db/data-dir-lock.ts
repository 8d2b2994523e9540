import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no postmaster to stop a second process from opening the same data folder, and two
 * writers would corrupt it. This lock file holds the owner's pid; a lock left by a process that
 * died (SIGKILL, power loss) is stale and taken over.
 */
export function acquireDataDirLock(lockPath: string): () => void {
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (readOwner(lockPath) === process.pid) rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dirname(lockPath)} is already in use by another ProShop ` +
            `process (pid ${owner}). Stop that process first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${lockPath}; another process keeps taking it.`);
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
