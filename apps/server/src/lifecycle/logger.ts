import { createRequire } from 'node:module';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';
import { errorWithoutValues } from './log-errors.ts';

/**
 * pino settings: JSON lines in production (for log collectors), readable lines for a person at
 * a terminal when pino-pretty is installed (it is a development dependency).
 */
export function loggerOptions(config: Config): LoggerOptions {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { err: errorWithoutValues },
  };
  if (!config.isProduction && process.stdout.isTTY && hasPinoPretty()) {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
    };
  }
  return options;
}

function hasPinoPretty(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Lines are written in batches of at least this many bytes (about a dozen access-log lines):
 * a write of its own for every line cost about as much CPU as answering a cached catalogue read
 * (docs/decisions/0034-api-per-request-cost.md).
 */
const BATCH_BYTES = 4096;
/** ...and at least this often, so that a quiet shop's lines still show within a second. */
const FLUSH_INTERVAL_MS = 1_000;

export interface LoggerDestination {
  /** A file descriptor (default 1, stdout) or a file's path. */
  dest?: number | string;
  flushIntervalMs?: number;
}

/**
 * The process's logger. Its lines are written asynchronously, in batches, by the main thread:
 * what is still held is written when the app closes (buildApp flushes it), and, synchronously,
 * at the process's exit, a crash's included (pino registers that for every asynchronous
 * destination). A process killed outright (SIGKILL, out of memory) loses at most the last
 * second's lines. With pino-pretty (a terminal, not production) its worker thread writes.
 */
export function createLogger(
  config: Config,
  { dest = 1, flushIntervalMs = FLUSH_INTERVAL_MS }: LoggerDestination = {},
): Logger {
  const options = loggerOptions(config);
  if (options.transport) return pino(options);
  const stream = pino.destination({
    dest,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: flushIntervalMs,
  });
  return pino(options, stream);
}
