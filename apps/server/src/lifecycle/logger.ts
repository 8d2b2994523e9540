import { createRequire } from 'node:module';
import type { LoggerOptions } from 'pino';
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
