// No circle between the server's modules (issue #34): a module may ask another only if that one
// does not, directly or through others, ask it back. Type-only imports count.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circles, foreignWrites, moduleGraph } from './lib/module-graph.mjs';

const modulesDir = new URL('../apps/server/src/modules', import.meta.url).pathname;
const schemaDir = new URL('../apps/server/src/db/schema', import.meta.url).pathname;

describe("the server's modules", () => {
  it('import each other without a circle', () => {
    expect(circles(moduleGraph(modulesDir)).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('have the layout of issue #34: checkout, payments and after-sale above orders', () => {
    const graph = moduleGraph(modulesDir);
    for (const module of ['checkout', 'payments', 'after-sale']) {
      expect(graph.get(module)?.has('orders'), module).toBe(true);
    }
    expect([...(graph.get('orders') ?? [])]).not.toEqual(
      expect.arrayContaining(['checkout', 'payments', 'after-sale', 'promotions']),
    );
    expect(graph.get('promotions')?.has('orders')).not.toBe(true);
    expect(graph.get('mail')?.size).toBe(0);
  });

  it('write only their own tables (each table has one writer; others ask it or hand it a hook)', () => {
    expect(foreignWrites(modulesDir, schemaDir)).toEqual([]);
  });
});

/** A temporary folder for one describe block, removed after it, and a writer of its files. */
function fixtureFolder(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (path, text) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  return { dir, file };
}

describe('the circle finder', () => {
  const { dir, file } = fixtureFolder('module-graph-');

  it('finds a circle through a type-only import', () => {
    file('a/one.ts', "import { b } from '../b/two.ts';\n");
    file('b/two.ts', "import type { C } from '../c/three.ts';\nexport const b = 1;\n");
    file('c/three.ts', "import type { A } from '../a/one.ts';\nexport type C = 1;\n");
    file('d/four.ts', "import { b } from '../b/two.ts';\n");
    expect(circles(moduleGraph(dir))).toEqual([['a', 'b', 'c', 'a']]);
  });
});

describe('the foreign-write finder', () => {
  const { dir, file } = fixtureFolder('module-writes-');

  it("finds builder and SQL writes to another module's tables, not reads nor own writes", () => {
    file('db/schema/shop.ts', "export const shop = pgTable('shop', {});\n");
    file('db/schema/notes.ts', "export const notes = pgTable(\n  'notes', {});\n");
    const head = "import { notes } from '../../db/schema/notes.ts';\n";
    file('modules/notes/own.ts', `${head}await db.insert(notes).values({});\n`);
    file(
      'modules/shop/reads.ts',
      `import { shop } from '../../db/schema/shop.ts';\n${head}db.select().from(notes);\n`,
    );
    file('modules/shop/builder.ts', `${head}await tx.update(notes).set({});\n`);
    file('modules/shop/template.ts', `${head}sql\`delete from ${'$'}{notes} where true\`;\n`);
    file('modules/shop/text.ts', 'sql`insert into notes (id) values (1)`;\n');
    const writes = foreignWrites(join(dir, 'modules'), join(dir, 'db/schema'));
    expect(writes.map((write) => `${write.file} ${write.table}`).sort()).toEqual([
      'shop/builder.ts notes',
      'shop/template.ts notes',
      'shop/text.ts notes',
    ]);
  });
});
