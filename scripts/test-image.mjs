// `npm run test:image`: deploy/Dockerfile and deploy/compose.yaml built and run for real, with
// Debian's podman and base images made from Debian's packages and the npm registry (no image
// registry). As root, on a bare Debian 12 machine (.ci/run runs it):
//   1. installs podman, runc, debootstrap, podman-compose and the CNI dnsname plugin from Debian
//      when they are missing
//   2. makes (or keeps from an earlier run) the local base image with Node 24 (.ci/image/)
//   3. builds deploy/Dockerfile on it and runs the image on a fresh volume: /api/ready,
//      /api/health, the image's HEALTHCHECK, a product page, a sign-in, a non-root user on a
//      read-only root; then a second container on the same volume finds the data; both stop
//      cleanly within the grace time
//   4. the compose stack (scripts/test-image-compose.mjs), unless --only=image
// It removes every container, volume and image it made, but the base images (kept as a cache;
// PROSHOP_REBUILD_BASE_IMAGES=1 makes them again). Last line: `N passed, N failed`.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_BASES, composeChecks } from './test-image-compose.mjs';
import { expectStatus, request, signIn, waitFor200 } from './test-image-http.mjs';
import {
  Made,
  buildImage,
  ensureBaseImages,
  ensureBaseImagesInBackground,
  ensurePackages,
  ensureRunnable,
  freePort,
  imageSize,
  must,
  run,
  seconds,
  tail,
} from './test-image-podman.mjs';

const NODE_BASE = 'localhost/proshop-ci/node:24-bookworm';
const GRACE_SECONDS = 20;
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

const counts = { passed: 0, failed: 0 };

/** Runs one check: prints `ok` or `FAILED` with its note or error; answers whether it passed. */
async function check(name, fn) {
  const started = Date.now();
  try {
    const note = await fn();
    counts.passed += 1;
    console.log(`  ok     ${name} (${seconds(started)})${note ? `: ${note}` : ''}`);
    return true;
  } catch (error) {
    counts.failed += 1;
    console.log(`  FAILED ${name} (${seconds(started)}): ${error.message}`);
    return false;
  }
}

/** Stops a container with the grace time and checks that it exited by itself, with code 0. */
function stopCleanly(name, grace = GRACE_SECONDS) {
  const started = Date.now();
  must('podman', ['stop', '--time', String(grace), name]);
  const took = (Date.now() - started) / 1000;
  const code = must('podman', ['inspect', '--format', '{{.State.ExitCode}}', name]);
  if (code !== '0' || took >= grace) {
    throw new Error(`exit code ${code} after ${took.toFixed(1)} s (grace ${grace} s)`);
  }
  return `exit code 0 after ${took.toFixed(1)} s (grace ${grace} s)`;
}

function isRunning(name) {
  return (
    run('podman', ['inspect', '--format', '{{.State.Running}}', name]).stdout.trim() === 'true'
  );
}

function logsOf(name) {
  return tail(run('podman', ['logs', name]), 15);
}

/** Starts the shop's image on the volume; answers the container's name and address. */
async function startShop(made, { tag, volume, env, label }) {
  const name = `proshop-ci-${process.pid}-${label}`;
  const port = await freePort();
  made.containers.push(name);
  // As docs/deploy.md tells: a read-only root with a tmpfs for /tmp, the data on its volume.
  must('podman', [
    'run',
    '--detach',
    '--name',
    name,
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--volume',
    `${volume}:/data`,
    '--publish',
    `127.0.0.1:${port}:5000`,
    '--stop-timeout',
    String(GRACE_SECONDS),
    ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    tag,
  ]);
  return { name, base: `http://127.0.0.1:${port}` };
}

/** The catalogue as page 1 of GET /api/products shows it: pages and the products' names. */
function catalogue(list) {
  const names = (list.json?.products ?? []).map((product) => product.name);
  return `${list.json?.pages} pages, page 1: ${names.length} products, ${names.slice(0, 2).join(', ')}, ...`;
}

async function singleImage(made, work) {
  console.log('\n==> The image (deploy/Dockerfile)');
  const tag = `localhost/proshop-ci/proshop:test-${process.pid}`;
  const built = await check('deploy/Dockerfile builds on the local Node 24 base', () => {
    made.images.push(tag);
    buildImage({ tag, nodeImage: NODE_BASE, work });
    return `${tag}, ${imageSize(tag)}`;
  });
  if (!built) return {};

  await check('the image: HEALTHCHECK kept, user node, no npm', () => {
    const inspected = JSON.parse(must('podman', ['image', 'inspect', tag]))[0];
    const health = JSON.stringify(inspected.Healthcheck ?? inspected.Config?.Healthcheck ?? null);
    if (!health.includes('/api/ready')) throw new Error(`no HEALTHCHECK on /api/ready: ${health}`);
    if (inspected.Config?.User !== 'node') throw new Error(`user ${inspected.Config?.User}`);
    const npm = run('podman', [
      'run',
      '--rm',
      '--network',
      'none',
      tag,
      'sh',
      '-c',
      'command -v npm',
    ]);
    if (npm.status === 0) throw new Error(`npm is in the image: ${npm.stdout.trim()}`);
    return 'HEALTHCHECK on /api/ready, runs as node, no npm or build tools';
  });

  const volume = `proshop-ci-${process.pid}-data`;
  made.volumes.push(volume);
  must('podman', ['volume', 'create', volume]);
  const password = randomBytes(9).toString('base64url');
  const env = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ALLOW_TEST_PAYMENTS: '1',
    SEED_DEMO: '1',
    DEMO_PASSWORD: password,
    LOG_LEVEL: 'warn',
  };
  const shopper = { email: `image-${process.pid}@example.test`, password: 'image test password' };

  let before = '';
  const first = await startShop(made, { tag, volume, env, label: 'first' });
  const ready = await check('starts on a fresh volume: GET /api/ready answers 200', async () => {
    const took = await waitFor200(first.base, '/api/ready', 120_000, () => isRunning(first.name));
    return `after ${took.toFixed(1)} s (migrations and demo data on the embedded database)`;
  });
  if (!ready) {
    console.log(logsOf(first.name));
    return { tag };
  }
  await check('GET /api/health', async () => {
    const res = expectStatus(await request(first.base, 'GET', '/api/health'), 200, 'health');
    if (res.json?.status !== 'ok') throw new Error(res.text);
    return res.text;
  });
  await check("the image's HEALTHCHECK passes (podman healthcheck run)", () => {
    const result = run('podman', ['healthcheck', 'run', first.name]);
    if (result.status !== 0) throw new Error(tail(result, 3) || `exit ${result.status}`);
    return 'healthy';
  });
  await check('a product page and its product', async () => {
    const list = expectStatus(await request(first.base, 'GET', '/api/products'), 200, 'products');
    before = catalogue(list);
    const product = list.json?.products?.[0];
    if (!product) throw new Error(`no product in ${list.text.slice(0, 200)}`);
    const page = expectStatus(
      await request(first.base, 'GET', `/product/${product._id}`),
      200,
      'product page',
    );
    if (!page.type.includes('text/html') || !page.text.includes('<div id="root"')) {
      throw new Error(`not the web app's page: ${page.type} ${page.text.slice(0, 200)}`);
    }
    const one = expectStatus(
      await request(first.base, 'GET', `/api/products/${product._id}`),
      200,
      'product',
    );
    if (one.json?.name !== product.name) throw new Error(one.text.slice(0, 200));
    return `/product/${product._id} (${product.name}): ${page.text.length} bytes of HTML`;
  });
  await check('sign-in of the seeded demo account admin@example.com', async () => {
    const token = await signIn(first.base, 'admin@example.com', password);
    const profile = await request(first.base, 'GET', '/api/users/profile', { token });
    expectStatus(profile, 200, 'profile');
    if (!profile.json?.isAdmin) throw new Error(`not an administrator: ${profile.text}`);
    return 'token, profile of an administrator';
  });
  await check('runs as uid 1000 on a read-only root; writes only to /data and /tmp', () => {
    const script =
      'id -u; touch /app/x 2>/dev/null && echo app-writable; touch /data/x && rm /data/x && echo data-ok;' +
      ' touch /tmp/x && echo tmp-ok';
    const out = must('podman', ['exec', first.name, 'sh', '-c', script]).split('\n');
    if (out.join(' ') !== '1000 data-ok tmp-ok') throw new Error(out.join(' '));
    return 'uid 1000; /app not writable; /data and /tmp writable';
  });
  await check('a shopper registers (data to find after the restart)', async () => {
    const res = await request(first.base, 'POST', '/api/users', {
      body: { name: 'Image Test', ...shopper },
    });
    expectStatus(res, 201, 'register');
    return shopper.email;
  });
  await check('stops cleanly on SIGTERM (podman stop)', () => stopCleanly(first.name));

  const second = await startShop(made, { tag, volume, env, label: 'second' });
  const again = await check('a new container on the same volume is ready', async () => {
    const took = await waitFor200(second.base, '/api/ready', 120_000, () => isRunning(second.name));
    return `after ${took.toFixed(1)} s`;
  });
  if (!again) {
    console.log(logsOf(second.name));
    return { tag };
  }
  await check(
    'the data is still there: the shopper signs in, the demo data is not seeded twice',
    async () => {
      await signIn(second.base, shopper.email, shopper.password);
      const after = catalogue(
        expectStatus(await request(second.base, 'GET', '/api/products'), 200, 'products'),
      );
      if (after !== before) throw new Error(`catalogue before: ${before}; after: ${after}`);
      return `${shopper.email} signed in; catalogue unchanged (${after})`;
    },
  );
  await check('the second container stops cleanly too', () => stopCleanly(second.name));
  let exportFile = null;
  await check("db:export of the volume's embedded database (the image's own command)", () => {
    const folder = join(work, 'export');
    mkdirSync(folder, { mode: 0o777 });
    chmodSync(folder, 0o777);
    const out = must('podman', [
      'run',
      '--rm',
      '--network',
      'none',
      '--volume',
      `${volume}:/data`,
      '--volume',
      `${folder}:/export`,
      '--env',
      `JWT_SECRET=${env.JWT_SECRET}`,
      '--env',
      'ALLOW_TEST_PAYMENTS=1',
      tag,
      'node',
      'apps/server/dist/db-export.js',
      '--out',
      '/export/shop.ndjson.gz',
    ]);
    exportFile = { file: join(folder, 'shop.ndjson.gz'), shopper: shopper.email };
    return `${(statSync(exportFile.file).size / 1024).toFixed(0)} KB; ${out.split('\n').at(-1)}`;
  });
  return { tag, exportFile };
}

async function main() {
  if (process.getuid?.() !== 0) {
    console.log('test:image runs podman as root (sudo npm run test:image).');
    console.log('0 passed, 1 failed');
    return 1;
  }
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'proshop-test-image-'));
  const made = new Made();
  const stop = () => {
    console.log('\nInterrupted: removing what the test made');
    made.removeAll();
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    console.log('==> The machine');
    const ok =
      (await check("Debian's packages", () =>
        ensurePackages([
          'podman',
          'runc',
          'debootstrap',
          ...(only === 'image'
            ? []
            : ['podman-compose', 'golang-github-containernetworking-plugin-dnsname']),
        ]),
      )) &&
      (await check('base image with Node 24 (debootstrap, npm registry)', () =>
        ensureBaseImages({ node: NODE_BASE }),
      )) &&
      (await check('podman starts containers', () => ensureRunnable(NODE_BASE, work)));
    if (ok) {
      // The compose part's images are made while the shop's image builds (mostly downloads).
      const basesMade = only === 'image' ? null : ensureBaseImagesInBackground(SERVICE_BASES);
      basesMade?.catch(() => {});
      const { tag, exportFile } = await singleImage(made, work);
      if (tag && basesMade) {
        await composeChecks({ made, tag, check, exportFile, stopCleanly, basesMade });
      } else if (basesMade) {
        await basesMade.catch(() => {});
      }
    }
  } finally {
    const problems = made.removeAll();
    rmSync(work, { recursive: true, force: true });
    if (problems.length) {
      counts.failed += 1;
      console.log(`  FAILED removing what the test made:\n${problems.join('\n')}`);
    }
  }
  console.log(`\ntest:image took ${seconds(started)}`);
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  return counts.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
