// The compose part of `npm run test:image`: deploy/compose.yaml run for real by Debian's
// podman-compose (1.0.3), with local images of nginx, PostgreSQL 15 and Redis built from Debian's
// packages (NGINX_IMAGE, POSTGRES_IMAGE, REDIS_IMAGE) and the image the first part built. The 3
// instances behind nginx with deploy/nginx.conf: a shopper's journey through nginx (sign in,
// order, pay in test mode), one instance stopped while the others keep serving, and the export
// of the first part's embedded database imported into the PostgreSQL container.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expectStatus, request, signIn, waitFor200 } from './test-image-http.mjs';
import { freePort, must, root, run, tail } from './test-image-podman.mjs';

const SERVICES = ['postgres', 'redis', 'app-1', 'app-2', 'app-3', 'nginx'];
const INSTANCES = ['app-1', 'app-2', 'app-3'];
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/** The order prices as the shop computes them (packages/domain, through tsx). */
async function orderPrices(lines) {
  const { tsImport } = await import('tsx/esm/api');
  const prices = await tsImport('../packages/domain/src/prices.ts', import.meta.url);
  return prices.computeOrderPrices(lines);
}

/** The local images of PostgreSQL, Redis and nginx (.ci/image/base-image.sh), by kind. */
export const SERVICE_BASES = {
  postgres: 'localhost/proshop-ci/postgres:bookworm',
  redis: 'localhost/proshop-ci/redis:bookworm',
  nginx: 'localhost/proshop-ci/nginx:bookworm',
};

/**
 * The compose checks. `basesMade`: the promise of ensureBaseImagesInBackground(SERVICE_BASES),
 * started while the first part builds and runs the shop's image.
 */
export async function composeChecks({ made, tag, check, exportFile, stopCleanly, basesMade }) {
  console.log('\n==> The compose stack (deploy/compose.yaml)');
  const bases = SERVICE_BASES;
  const images = {
    NGINX_IMAGE: bases.nginx,
    POSTGRES_IMAGE: bases.postgres,
    REDIS_IMAGE: bases.redis,
  };
  const based = await check(
    "nginx, PostgreSQL 15 and Redis images from Debian's packages (made beside the first part)",
    () => basesMade,
  );
  if (!based) return;

  const project = `proshopci${process.pid}`;
  const proshopTag = `ci-${process.pid}`;
  must('podman', ['tag', tag, `localhost/proshop:${proshopTag}`]);
  made.images.push(`localhost/proshop:${proshopTag}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const postgresPassword = randomBytes(12).toString('hex');
  const demoPassword = randomBytes(9).toString('base64url');
  const env = {
    ...process.env,
    ...images,
    PROSHOP_TAG: proshopTag,
    POSTGRES_PASSWORD: postgresPassword,
    JWT_SECRET: randomBytes(32).toString('hex'),
    HTTP_PORT: `127.0.0.1:${port}`,
    PUBLIC_URL: base,
    ALLOW_TEST_PAYMENTS: '1',
    SEED_DEMO: '1',
    DEMO_PASSWORD: demoPassword,
    LOG_LEVEL: 'warn',
  };
  const compose = (args) =>
    run('podman-compose', ['-p', project, '-f', join(root, 'deploy/compose.yaml'), ...args], {
      env,
    });
  const container = (service) => `${project}_${service}_1`;
  made.cleanups.push(() => {
    compose(['down', '-v']);
    // podman-compose 1.0.3 leaves the network (and volumes of a failed start) behind.
    for (const name of SERVICES) run('podman', ['rm', '--force', container(name)]);
    for (const volume of ['postgres', 'uploads', 'outbox', 'minio']) {
      run('podman', ['volume', 'rm', '--force', `${project}_${volume}`]);
    }
    run('podman', ['network', 'rm', '--force', `${project}_default`]);
  });

  const up = await check('podman-compose up: PostgreSQL, Redis, 3 instances, nginx', () => {
    const result = compose(['up', '-d', '--no-build', ...SERVICES]);
    if (result.status !== 0) throw new Error(tail(result, 20));
    const running = SERVICES.filter(
      (name) =>
        run('podman', [
          'inspect',
          '--format',
          '{{.State.Running}}',
          container(name),
        ]).stdout.trim() === 'true',
    );
    if (running.length !== SERVICES.length) throw new Error(`running: ${running.join(', ')}`);
    return `${running.length} containers of project ${project}`;
  });
  if (!up) return;

  const ready = await check('ready through nginx: every instance healthy', async () => {
    const took = await waitFor200(base, '/api/ready', 180_000);
    for (const name of INSTANCES) {
      await waitFor200Health(container(name));
    }
    return `/api/ready 200 after ${took.toFixed(1)} s; HEALTHCHECK passes on ${INSTANCES.join(', ')}`;
  });
  if (!ready) {
    for (const name of SERVICES)
      console.log(`--- ${name}\n${tail(run('podman', ['logs', container(name)]), 8)}`);
    return;
  }

  await check('a journey through nginx: sign in, order, pay in test mode', async () => {
    const token = await signIn(base, 'john@example.com', demoPassword);
    const list = expectStatus(await request(base, 'GET', '/api/products'), 200, 'products');
    const product = list.json.products.find((p) => p.countInStock > 0 && p.variantCount === 1);
    if (!product) throw new Error('no product in stock without options');
    expectStatus(await request(base, 'GET', `/product/${product._id}`), 200, 'product page');
    const prices = await orderPrices([{ price: product.price, qty: 1 }]);
    const order = expectStatus(
      await request(base, 'POST', '/api/orders', {
        token,
        body: {
          orderItems: [{ product: product._id, qty: 1 }],
          shippingAddress: address,
          paymentMethod: 'PayPal',
          ...prices,
        },
      }),
      201,
      'order',
    ).json;
    const started = expectStatus(
      await request(base, 'POST', `/api/orders/${order._id}/payment`, { token }),
      200,
      'payment',
    ).json;
    const paid = expectStatus(
      await request(base, 'PUT', `/api/orders/${order._id}/pay`, {
        token,
        body: { providerOrderId: started.providerOrderId },
      }),
      200,
      'pay',
    ).json;
    if (!paid.isPaid) throw new Error(`not paid: ${JSON.stringify(paid).slice(0, 200)}`);
    const seen = expectStatus(
      await request(base, 'GET', `/api/orders/${order._id}`, { token }),
      200,
      'order page',
    ).json;
    if (!seen.isPaid) throw new Error('the order does not show as paid');
    return `john@example.com ordered ${product.name} for ${prices.totalPrice} and paid in test mode`;
  });

  await check('app-1 stopped: the others keep serving through nginx', async () => {
    const stopped = stopCleanly(container('app-1'));
    let ok = 0;
    for (let i = 0; i < 30; i += 1) {
      const res = await request(base, 'GET', i % 2 ? '/api/products' : '/api/ready');
      if (res.status === 200) ok += 1;
    }
    if (ok !== 30) throw new Error(`${30 - ok} of 30 requests failed`);
    const token = await signIn(base, 'jane@example.com', demoPassword);
    expectStatus(await request(base, 'GET', '/api/orders/myorders', { token }), 200, 'my orders');
    return `app-1 ${stopped}; 30 of 30 requests answered 200, jane@example.com signed in`;
  });

  if (exportFile) {
    await check("db:import of the first part's export into the PostgreSQL container", () =>
      importIntoPostgres({ project, tag, exportFile, postgresPassword, container }),
    );
  }
}

/** Runs the image's HEALTHCHECK until it passes (60 s at most). */
async function waitFor200Health(name) {
  const started = Date.now();
  let last;
  while (Date.now() - started < 60_000) {
    last = run('podman', ['healthcheck', 'run', name]);
    if (last.status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${name}: HEALTHCHECK fails: ${tail(last, 3)}`);
}

/**
 * A new database `imported` in the stack's PostgreSQL, filled by the image's db-import command
 * (a one-off container on the stack's network) from the export of the embedded database; then
 * the shopper registered in the first part is found in it.
 */
function importIntoPostgres({ project, tag, exportFile, postgresPassword, container }) {
  const psql = (sql, db = 'proshop') =>
    must('podman', ['exec', container('postgres'), 'psql', '-U', 'proshop', '-d', db, '-tAc', sql]);
  psql('CREATE DATABASE imported');
  const folder = exportFile.file.replace(/\/[^/]+$/, '');
  const name = exportFile.file.replace(/^.*\//, '');
  const result = run('podman', [
    'run',
    '--rm',
    '--network',
    `${project}_default`,
    '--volume',
    `${folder}:/export:ro`,
    '--env',
    `DATABASE_URL=postgres://proshop:${postgresPassword}@postgres:5432/imported`,
    '--env',
    'JWT_SECRET=' + randomBytes(32).toString('hex'),
    '--env',
    'ALLOW_TEST_PAYMENTS=1',
    tag,
    'node',
    'apps/server/dist/db-import.js',
    '--in',
    `/export/${name}`,
  ]);
  if (result.status !== 0) throw new Error(tail(result, 10));
  const found = psql(
    `SELECT count(*) FROM users WHERE email = '${exportFile.shopper}'`,
    'imported',
  );
  const products = psql('SELECT count(*) FROM products', 'imported');
  if (found !== '1' || products === '0') {
    throw new Error(`shopper rows ${found}, products ${products}`);
  }
  return `into a new database "imported": ${exportFile.shopper} and ${products} products found`;
}
