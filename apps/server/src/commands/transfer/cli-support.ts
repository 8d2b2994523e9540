import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, type Config } from '../../config.ts';
import { DataDirInUseError } from '../../db/data-dir-lock.ts';
import type { TableCount } from './export-format.ts';
import { TransferError } from './transfer-error.ts';

/**
 * A path given on the command line, taken from where the merchant ran npm (INIT_CWD): npm runs
 * the script inside apps/server, the same rule config.ts applies to DATA_DIR.
 */
export function userPath(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** The one option a command takes, e.g. `--out <file>`; anything else prints the usage. */
export function requiredOption(name: string, usage: string): string {
  let value: string | undefined;
  try {
    value = parseArgs({ options: { [name]: { type: 'string' } } }).values[name];
  } catch (error) {
    throw new TransferError(`${(error as Error).message}\n${usage}`);
  }
  if (!value) throw new TransferError(usage);
  return userPath(value);
}

/** Which database the configuration selects, without the password of a connection string. */
export function describeDatabase(config: Config): string {
  if (!config.DATABASE_URL) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.DATABASE_URL);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

export function printCounts(counts: TableCount[]): void {
  const width = Math.max(...counts.map((count) => count.table.length));
  for (const { table, rows } of counts) {
    console.log(`  ${table.padEnd(width)}  ${rows.toLocaleString('en-US').padStart(11)}`);
  }
}

/**
 * Runs a command. What the merchant can act on (a refusal, a wrong setting, a shop still running
 * on the folder) prints as a message alone; anything else with its stack. Both exit with 1.
 */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (
      error instanceof TransferError ||
      error instanceof ConfigError ||
      error instanceof DataDirInUseError
    ) {
      console.error(error.message);
    } else {
      console.error('The command failed:', error);
    }
    process.exitCode = 1;
  });
}
