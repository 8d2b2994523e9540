// Bundles the server (and its commands) with the shared domain package into dist/; npm packages stay
// external and load from node_modules. The SQL migrations are copied beside the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;

rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  // The commands beside the server, so an installation without the sources (the Docker image)
  // can seed, export, import and copy images: `node apps/server/dist/db-export.js --out ...`.
  entryPoints: {
    server: `${here}src/server.ts`,
    seed: `${here}src/commands/seed/cli.ts`,
    'db-export': `${here}src/commands/transfer/export-cli.ts`,
    'db-import': `${here}src/commands/transfer/import-cli.ts`,
    'uploads-copy': `${here}src/commands/transfer/copy-uploads-cli.ts`,
  },
  outdir: `${here}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@proshop/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(`${here}src/db/migrations`, `${here}dist/migrations`, { recursive: true });
console.log('Built apps/server/dist/server.js');
