// One migrated embedded database for the whole API run: vitest's global setup (below) creates
// and migrates it once and writes its files as a tar; each test file's in-memory database is
// opened from that image (test-database.ts). Creating a database is PostgreSQL's initdb, about
// 2 to 3 s of CPU in WebAssembly, and the migrations add about 0.6 s; loading the image takes
// under one. In CI the unit and API run on PGlite went from 393 s to 227 s. Only the embedded
// database: a test on PostgreSQL gets a new database from its server as before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedEmbeddedImage } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tar of a migrated embedded database, or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/** vitest globalSetup of the api project: makes the image and removes it after the run. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', '');
    return () => {};
  }
  const folder = mkdtempSync(join(tmpdir(), 'proshop-pglite-template-'));
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedEmbeddedImage()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

/** The image's files, read once per test file's process. */
export function readTemplate(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
