// The import graph between the server's modules (apps/server/src/modules/<module>/), read from
// the sources: type-only imports count too, since a type names what the other module holds.
// module-graph.test.mjs fails on a circle; the README's Architecture section draws the graph.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) yield path;
  }
}

/** Map of module name → Set of the module names it imports from. */
export function moduleGraph(modulesDir) {
  const graph = new Map();
  for (const module of readdirSync(modulesDir, { withFileTypes: true })) {
    if (module.isDirectory()) graph.set(module.name, new Set());
  }
  for (const [module, edges] of graph) {
    for (const file of sourceFiles(join(modulesDir, module))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = relative(modulesDir, resolve(dirname(file), spec));
        const other = target.split(sep)[0];
        if (!target.startsWith('..') && other !== module && graph.has(other)) edges.add(other);
      }
    }
  }
  return graph;
}

/** Every circle of the graph, each as its modules in order (the first repeated at the end). */
export function circles(graph) {
  const found = new Map();
  const visit = (start, module, path) => {
    for (const next of graph.get(module) ?? []) {
      if (next === start) {
        const circle = [...path, start];
        const key = [...path].sort().join();
        if (!found.has(key)) found.set(key, circle);
      } else if (!path.includes(next) && next > start) {
        visit(start, next, [...path, next]);
      }
    }
  };
  for (const module of [...graph.keys()].sort()) visit(module, module, [module]);
  return [...found.values()];
}

const SCHEMA_IMPORT =
  /(?:^|\n)\s*import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"](?:\.{1,2}\/)+db\/schema\/([\w-]+)\.ts['"]/g;
const BUILDER_WRITE = /\.(insert|update|delete)\(\s*(\w+)\s*\)/g;
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|"?(\w+)"?)/gi;
const TABLE_NAME = /pgTable\(\s*['"](\w+)['"]/g;

/**
 * Every write of a module to a table another module owns (db/schema/<owner>.ts): a query
 * builder's insert, update or delete of an imported table, or SQL text naming one. Each table
 * has one writer (issue #34); the others ask it through a function or a hook.
 */
export function foreignWrites(modulesDir, schemaDir) {
  const tableOwner = new Map();
  for (const entry of readdirSync(schemaDir)) {
    const owner = entry.replace(/\.ts$/, '');
    for (const [, table] of readFileSync(join(schemaDir, entry), 'utf8').matchAll(TABLE_NAME)) {
      tableOwner.set(table, owner);
    }
  }
  const found = [];
  for (const module of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    for (const file of sourceFiles(join(modulesDir, module.name))) {
      const text = readFileSync(file, 'utf8');
      const imported = new Map();
      for (const [, names, owner] of text.matchAll(SCHEMA_IMPORT)) {
        for (const name of names.split(',')) {
          const local = name
            .trim()
            .split(/\s+as\s+/)
            .pop();
          if (local) imported.set(local, owner);
        }
      }
      const note = (table, owner) => {
        if (owner !== undefined && owner !== module.name) {
          found.push({ module: module.name, file: relative(modulesDir, file), table, owner });
        }
      };
      for (const [, , table] of text.matchAll(BUILDER_WRITE)) note(table, imported.get(table));
      for (const [, , variable, name] of text.matchAll(SQL_WRITE)) {
        if (variable) note(variable, imported.get(variable));
        else note(name, tableOwner.get(name));
      }
    }
  }
  return found;
}
