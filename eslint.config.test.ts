// The layers of README "Architecture" are lint errors: each forbidden import below, linted as if
// written in a file of the real folders, must be reported by the zones of eslint.config.js, and
// each allowed one must pass.
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const LAYERS = 'import/no-restricted-paths';

const linters = new Map<string, ESLint>();

/**
 * An ESLint that runs the repository's config with every rule but the layers' one turned off and
 * without type information: the zones are exactly those eslint.config.js gives the file, and a
 * probe lints in milliseconds instead of loading the TypeScript program. no-unresolved is on so
 * that a probe whose import names a file that no longer exists fails instead of passing unseen.
 */
async function linterFor(filePath: string): Promise<ESLint> {
  const config = (await new ESLint({ cwd: root }).calculateConfigForFile(
    filePath,
  )) as Linter.Config;
  const ruleNames = Object.keys(config.rules ?? {}).sort();
  expect(ruleNames).toContain(LAYERS);
  const key = ruleNames.join();
  let linter = linters.get(key);
  if (!linter) {
    const rules: Linter.RulesRecord = Object.fromEntries(ruleNames.map((name) => [name, 'off']));
    linter = new ESLint({
      cwd: root,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: { ...rules, [LAYERS]: config.rules![LAYERS]!, 'import/no-unresolved': 'error' },
      },
    });
    linters.set(key, linter);
  }
  return linter;
}

async function lint(filePath: string, importPath: string): Promise<Linter.LintMessage[]> {
  const linter = await linterFor(filePath);
  const [result] = await linter.lintText(`import '${importPath}';\n`, { filePath });
  return result!.messages;
}

const server = 'apps/server/src';
const web = 'apps/web/src';

// [the rule, the file that imports, what it imports (relative to that file)]
const forbidden: [string, string, string][] = [
  ['db/ imports no module', `${server}/db/probe.ts`, '../modules/reviews/service.ts'],
  ['db/ imports no command', `${server}/db/probe.ts`, '../commands/seed/seed.ts'],
  ['db/ imports no plugin', `${server}/db/probe.ts`, '../plugins/cors.ts'],
  ['lifecycle/ does not import app.ts', `${server}/lifecycle/probe.ts`, '../app.ts'],
  [
    'plugins/ import no module',
    `${server}/plugins/probe.ts`,
    '../modules/uploads/storage/image-storage.ts',
  ],
  ['plugins/ import no command', `${server}/plugins/probe.ts`, '../commands/seed/seed.ts'],
  [
    'a module imports no command',
    `${server}/modules/orders/probe.ts`,
    '../../commands/seed/seed.ts',
  ],
  ['a module does not import app.ts', `${server}/modules/orders/probe.ts`, '../../app.ts'],
  ['a command does not import server.ts', `${server}/commands/seed/probe.ts`, '../../server.ts'],
  ['config.ts imports no layer', `${server}/config.ts`, './db/client.ts'],
  [
    "a module does not import another module's repository",
    `${server}/modules/orders/probe.ts`,
    '../users/repository.ts',
  ],
  [
    "a module does not import another module's *-repository.ts",
    `${server}/modules/orders/probe.ts`,
    '../mail/outbox-repository.ts',
  ],
  [
    "a command does not import a module's repository",
    `${server}/commands/seed/probe.ts`,
    '../../modules/reviews/repository.ts',
  ],
  [
    "a module does not import another module's tables",
    `${server}/modules/checkout/probe.ts`,
    '../../db/schema/orders.ts',
  ],
  [
    "after-sale does not import the orders' tables",
    `${server}/modules/after-sale/probe.ts`,
    '../../db/schema/orders.ts',
  ],
  [
    'a module does not import every table',
    `${server}/modules/orders/probe.ts`,
    '../../db/schema.ts',
  ],
  [
    'mail (infrastructure) imports no feature module',
    `${server}/modules/mail/probe.ts`,
    '../orders/order-events.ts',
  ],
  [
    'auth (infrastructure) imports no feature module',
    `${server}/modules/auth/probe.ts`,
    '../users/account-service.ts',
  ],
  [
    'payment providers import no feature module',
    `${server}/modules/payment-providers/probe.ts`,
    '../orders/service.ts',
  ],
  [
    'the catalogue cache imports no feature module',
    `${server}/modules/catalogue-cache/probe.ts`,
    '../products/service.ts',
  ],
  [
    'packages/domain imports nothing from the server',
    'packages/domain/src/probe.ts',
    '../../../apps/server/src/config.ts',
  ],
  [
    'packages/domain imports nothing from the web app',
    'packages/domain/src/probe.ts',
    '../../../apps/web/src/lib/page-links.ts',
  ],
  [
    'reviews does not import products',
    `${server}/modules/reviews/probe.ts`,
    '../products/service.ts',
  ],
  [
    'a feature does not import another feature',
    `${web}/features/cart/probe.ts`,
    '../orders/orders-api.ts',
  ],
  ['a feature does not import app/', `${web}/features/cart/probe.ts`, '../../app/store.ts'],
  [
    'components/ import no feature',
    `${web}/components/Probe.tsx`,
    '../features/cart/CartScreen.tsx',
  ],
  ['components/ do not import app/', `${web}/components/Probe.tsx`, '../app/store.ts'],
  ['state/ imports no feature', `${web}/state/probe.ts`, '../features/orders/orders-api.ts'],
  ['state/ imports no component', `${web}/state/probe.ts`, '../components/Loader.tsx'],
  ['state/ does not import app/', `${web}/state/probe.ts`, '../app/store.ts'],
  ['lib/ imports no feature', `${web}/lib/probe.ts`, '../features/orders/orders-api.ts'],
  ['lib/ imports no component', `${web}/lib/probe.ts`, '../components/Loader.tsx'],
  ['lib/ does not import state/', `${web}/lib/probe.ts`, '../state/session-slice.ts'],
  ['lib/ does not import app/', `${web}/lib/probe.ts`, '../app/store.ts'],
];

const allowed: [string, string, string][] = [
  ['app.ts imports modules', `${server}/app.ts`, './modules/products/routes.ts'],
  ['server.ts imports commands', `${server}/server.ts`, './commands/seed/seed.ts'],
  [
    "a command imports a module's service",
    `${server}/commands/seed/probe.ts`,
    '../../modules/reviews/service.ts',
  ],
  [
    'products asks the reviews service',
    `${server}/modules/products/probe.ts`,
    '../reviews/service.ts',
  ],
  ['a module imports its own repository', `${server}/modules/orders/probe.ts`, './repository.ts'],
  [
    'a module imports its own tables',
    `${server}/modules/orders/probe.ts`,
    '../../db/schema/orders.ts',
  ],
  [
    "a listed read of another module's table",
    `${server}/modules/cart/probe.ts`,
    '../../db/schema/products.ts',
  ],
  [
    'a feature module imports an infrastructure module',
    `${server}/modules/orders/probe.ts`,
    '../mail/templates/html.ts',
  ],
  [
    'checkout asks the orders module',
    `${server}/modules/checkout/probe.ts`,
    '../orders/placed-orders.ts',
  ],
  [
    'infrastructure imports infrastructure',
    `${server}/modules/payment-providers/probe.ts`,
    '../../modules/mail/mailer.ts',
  ],
  ['packages/domain imports itself', 'packages/domain/src/probe.ts', './money.ts'],
  ['a module imports db/', `${server}/modules/orders/probe.ts`, '../../db/client.ts'],
  ['a module imports a plugin', `${server}/modules/orders/probe.ts`, '../../plugins/cors.ts'],
  ['plugins/ import errors/', `${server}/plugins/probe.ts`, '../errors/app-error.ts'],
  ['lifecycle/ imports config.ts', `${server}/lifecycle/probe.ts`, '../config.ts'],
  ['app/ imports features', `${web}/app/probe.ts`, '../features/cart/CartScreen.tsx'],
  ['a feature imports its own files', `${web}/features/cart/probe.ts`, './cart-persistence.ts'],
  ['a feature imports components/', `${web}/features/cart/probe.ts`, '../../components/Loader.tsx'],
  ['a feature imports state/', `${web}/features/cart/probe.ts`, '../../state/cart-slice.ts'],
  ['components/ import state/', `${web}/components/Probe.tsx`, '../state/session-slice.ts'],
  ['components/ import lib/', `${web}/components/Probe.tsx`, '../lib/page-links.ts'],
  ['state/ imports lib/', `${web}/state/probe.ts`, '../lib/stored-shape.ts'],
];

describe('the layers are lint errors', () => {
  // The first linter loads ESLint's plugins and parsers: seconds on a busy machine, once.
  beforeAll(() => linterFor(`${server}/db/probe.ts`), 60_000);

  it.each(forbidden)('%s', async (_rule, filePath, importPath) => {
    const messages = await lint(filePath, importPath);
    expect(messages.map((m) => m.ruleId)).toEqual([LAYERS]);
  });

  it.each(allowed)('allowed: %s', async (_rule, filePath, importPath) => {
    expect(await lint(filePath, importPath)).toEqual([]);
  });
});

describe('errors are made by their kind helpers', () => {
  /** Lints one line with only the configured no-restricted-syntax rule of that file. */
  async function syntaxErrors(filePath: string): Promise<string[]> {
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile(
      filePath,
    )) as Linter.Config;
    const rule = config.rules?.['no-restricted-syntax'] ?? 'off';
    const linter = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: {
        files: ['**/*.ts'],
        languageOptions: { parser: config.languageOptions?.parser },
        rules: { 'no-restricted-syntax': rule },
      },
    });
    const [result] = await linter.lintText("throw new AppError('invalid', 'Bad');\n", { filePath });
    return result!.messages.map((m) => m.ruleId ?? m.message);
  }

  it('refuses new AppError(...) by hand in the server', async () => {
    expect(await syntaxErrors(`${server}/modules/orders/probe.ts`)).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('allows it where the helpers are made', async () => {
    expect(await syntaxErrors(`${server}/errors/app-error.ts`)).toEqual([]);
  });
});
