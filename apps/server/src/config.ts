import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ProviderKind } from '@proshop/domain/payment-methods';
import { DEFAULT_PAGE_SIZE } from '@proshop/domain/product-schemas';
import { MAX_LOW_STOCK_THRESHOLD } from '@proshop/domain/low-stock';
import { DEFAULT_SHOP_COLOR, SHOP_COLOR_PATTERN } from '@proshop/domain/shop-color';

/** Thrown when the environment is wrong; the message names the variable at fault. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** An http(s) address without a trailing slash, so paths can be appended. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * Which proxies in front of the shop may name the client (X-Forwarded-For): unset or 0 trusts
 * none, a number trusts that many hops, otherwise a comma-separated list of addresses or CIDRs.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === '0' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.some((entry) => !/^[\da-fA-F.:]+(\/\d{1,3})?$/.test(entry))) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a number of proxies or a comma-separated list of addresses or CIDRs',
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Web origins (scheme, host and port, comma-separated) whose pages may call the API from the
 * browser. Unset: none, and the API sends no CORS headers at all.
 */
const corsOrigins = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    if (value === undefined) return [];
    const entries = value.split(',').map((entry) => entry.trim().replace(/\/+$/, ''));
    const bad = entries.filter((entry) => {
      if (!/^https?:\/\//.test(entry) || !URL.canParse(entry)) return true;
      return new URL(entry).origin !== entry;
    });
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be comma-separated origins such as https://shop.example (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * PostgreSQL streaming replicas to read from (comma-separated postgres:// URLs); unset, none.
 * Each is checked here, so a typo stops the start instead of leaving a replica unused.
 */
const replicaUrls = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    if (value === undefined) return [];
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const bad = entries.filter(
      (entry) => !/^postgres(ql)?:\/\/[^/]/.test(entry) || !URL.canParse(entry),
    );
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be comma-separated postgres:// or postgresql:// URLs (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The pieces bench/api.mjs may leave out to measure what each costs (BENCH_WITHOUT). */
const BENCH_PIECES = ['security-headers', 'rate-limits'] as const;

/**
 * Bench only: a comma-separated list of BENCH_PIECES the server runs without. Never set in a
 * shop: without them it sends no security headers, or counts no attempts.
 */
const benchWithout = z
  .string()
  .optional()
  .transform((value, ctx): (typeof BENCH_PIECES)[number][] => {
    const entries = (value ?? '').split(',').map((entry) => entry.trim());
    const pieces = entries.filter((entry) => entry !== '');
    const known = (entry: string): entry is (typeof BENCH_PIECES)[number] =>
      (BENCH_PIECES as readonly string[]).includes(entry);
    if (!pieces.every(known)) {
      ctx.addIssue({ code: 'custom', message: `must list some of ${BENCH_PIECES.join(', ')}` });
      return z.NEVER;
    }
    return pieces;
  });

/**
 * Every environment variable the shop reads, parsed once. The README's configuration table
 * lists the same variables with the same defaults.
 */
/** Whether the runtime's time-zone database knows `name` (Intl throws a RangeError if not). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Streaming replicas that serve reads which may be a little behind (db/replicas). */
  DATABASE_REPLICA_URLS: optionalText.pipe(replicaUrls),
  /** A replica further behind the primary than this is left out until it catches up (ms). */
  REPLICA_MAX_LAG_MS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(10).max(600_000).default(2_000),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  SHOP_NAME: z.string().trim().min(1).max(60).default('ProShop'),
  /** The brand colour of buttons, links and e-mails (`#rrggbb`); text on it is worked out. */
  SHOP_COLOR: z
    .string()
    .trim()
    .regex(SHOP_COLOR_PATTERN, 'must be a colour written #rrggbb, such as #4338ca')
    .default(DEFAULT_SHOP_COLOR)
    .transform((value) => value.toLowerCase()),
  SHOP_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  ),
  PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  /** Orders still unpaid this many days after they were placed are cancelled. */
  UNPAID_ORDER_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** A guest's unpaid order is cancelled sooner (issue #37): after this many hours. */
  GUEST_UNPAID_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /**
   * The shop's time zone (IANA name): the dashboard's days, weeks and months begin at its
   * midnight. Checked against the zones Node knows.
   */
  SHOP_TIMEZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine(isTimeZone, 'must be a time zone name such as UTC or Europe/Zurich'),
  /** A variant at or below this many units is low on stock (a product may set its own). */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(MAX_LOW_STOCK_THRESHOLD).default(5),
  /** The longest a client may take to send a whole request, headers and body (ms). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  CORS_ORIGINS: optionalText.pipe(corsOrigins),
  DEMO_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters long').max(128).optional(),
  ),
  SEED_DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE: httpUrl.default('https://api-m.sandbox.paypal.com'),
  PAYPAL_SDK_URL: httpUrl.default('https://www.paypal.com/sdk/js'),
  /**
   * The id PayPal gave the shop's webhook (developer dashboard, docs/deploy.md): events are
   * verified against it. Unset: POST /api/payments/paypal/webhook answers 404.
   */
  PAYPAL_WEBHOOK_ID: optionalText,
  /** Per call to PayPal's REST API; past it PayPal counts as not answering (ms). */
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Stripe's secret key (sk_live_… or sk_test_…): with the publishable key, cards go through Stripe. */
  STRIPE_SECRET_KEY: optionalText,
  /** Stripe's publishable key (pk_…), the one Stripe.js in the browser uses. */
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /**
   * The signing secret of the shop's Stripe webhook endpoint (whsec_…): events are verified
   * against it. Unset: POST /api/payments/stripe/webhook answers 404.
   */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe's REST API (a local stand-in in tests). */
  STRIPE_API_BASE: httpUrl.default('https://api.stripe.com'),
  /** Stripe.js, loaded on the payment screen only (a local stand-in in browser tests). */
  STRIPE_JS_URL: httpUrl.default('https://js.stripe.com/v3/'),
  /** Per call to Stripe's REST API; past it Stripe counts as not answering (ms). */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PAYMENT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD')
    // Amounts are kept in cents; PayPal takes these currencies in whole units only.
    .refine((code) => !['HUF', 'JPY', 'TWD'].includes(code), 'must be a currency with cents')
    .default('USD'),
  ALLOW_TEST_PAYMENTS: flag,
  /**
   * Who may check out: `optional`, guests (an e-mail and a name, no account) and accounts both;
   * `required`, only signed-in accounts (the spec's first shop).
   */
  CHECKOUT_ACCOUNTS: z.enum(['optional', 'required']).default('optional'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  // Uploaded images go to an S3-compatible store when S3_BUCKET is set (see uploads/storage/).
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag,
  S3_PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  TRUST_PROXY: optionalText.pipe(trustProxy),
  BENCH_WITHOUT: benchWithout,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SEED_DEMO' | 'DATA_DIR' | 'WEB_DIST_DIR'> {
  isProduction: boolean;
  /** Whether an empty database gets the demo catalogue and accounts. */
  seedDemo: boolean;
  /** Absolute paths derived from DATA_DIR and WEB_DIST_DIR. */
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  webDistDir: string;
  /** The shop's address as shoppers reach it, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /**
   * The payment providers with credentials, PayPal first; `['test']`, the built-in test
   * provider, when neither PayPal nor Stripe has any (test mode).
   */
  paymentProviders: ProviderKind[];
}

// Same relative address from src/config.ts and from the bundled dist/server.js.
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * A relative DATA_DIR is taken from where the user ran npm (INIT_CWD), not from the workspace
 * folder npm switches into, so `npm start` and `npm run seed` find the same database.
 */
function absolutePath(path: string, env: NodeJS.ProcessEnv): string {
  return isAbsolute(path) ? path : resolve(env.INIT_CWD ?? process.cwd(), path);
}

/** Both variables of a pair, or neither: one alone is a mistake, named. */
function pairGiven(values: Env, first: keyof Env, second: keyof Env): boolean {
  const [a, b] = [Boolean(values[first]), Boolean(values[second])];
  if (a !== b) {
    const [missing, given] = a ? [second, first] : [first, second];
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: is required with ${given} (set both or neither)`,
    );
  }
  return a;
}

/**
 * PayPal and Stripe, each with both its credentials; test mode when neither has any. Test mode
 * takes no money, so a production shop must not fall into it by a forgotten variable: there it
 * needs ALLOW_TEST_PAYMENTS=1.
 */
function choosePaymentProviders(values: Env, isProduction: boolean): ProviderKind[] {
  const providers: ProviderKind[] = [];
  if (pairGiven(values, 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET')) providers.push('paypal');
  if (pairGiven(values, 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY')) providers.push('stripe');
  if (providers.length > 0) return providers;
  if (isProduction && !values.ALLOW_TEST_PAYMENTS) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: are required when NODE_ENV=production, or STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY (or set ALLOW_TEST_PAYMENTS=1 to run the shop with test payments, which take no money)',
    );
  }
  return ['test'];
}

/** Parses the environment once; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const { SEED_DEMO, DATA_DIR, WEB_DIST_DIR, ...values } = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && !values.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: is required when NODE_ENV=production (at least 32 characters)',
    );
  }
  if (values.DATABASE_REPLICA_URLS.length > 0 && !values.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URLS: needs DATABASE_URL (replicas copy a PostgreSQL primary; the embedded database has none)',
    );
  }
  const paymentProviders = choosePaymentProviders(parsed.data, isProduction);
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  const dataDir = absolutePath(DATA_DIR, env);
  return {
    ...values,
    isProduction,
    paymentProviders,
    seedDemo: !isProduction || SEED_DEMO,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    outboxDir: join(dataDir, 'outbox'),
    webDistDir: WEB_DIST_DIR ? absolutePath(WEB_DIST_DIR, env) : defaultWebDistDir,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
  };
}
