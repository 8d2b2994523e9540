import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/**
 * The key that signs session tokens: JWT_SECRET when set (required in production), otherwise one
 * generated on first start and kept in DATA_DIR so that sessions survive a restart.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const path = join(config.dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
