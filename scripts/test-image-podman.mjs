// What `npm run test:image` needs of the machine: Debian's podman and friends (installed when
// missing), a podman that can start containers here (a containers.conf of the test's own when the
// defaults cannot), local base images made by .ci/image/base-image.sh, and a record of every
// container, volume, network and image the test makes so that it removes them all at the end.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a command; answers { status, stdout, stderr } (never throws). */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...options,
  });
  return {
    status: result.status ?? 1,
    stdout: result.stdout ?? '',
    stderr: (result.stderr ?? '') + (result.error ? String(result.error) : ''),
  };
}

/** Runs a command and answers its standard output; throws with its error output when it fails. */
export function must(command, args, options) {
  const result = run(command, args, options);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${tail(result)}`);
  }
  return result.stdout.trim();
}

export function tail({ stdout, stderr }, lines = 30) {
  return `${stdout}\n${stderr}`.trim().split('\n').slice(-lines).join('\n');
}

/** Debian packages that are not installed yet, of those named. */
function missingPackages(packages) {
  return packages.filter((name) => {
    const status = run('dpkg-query', ['-W', '-f=${Status}', name]).stdout;
    return !status.includes('install ok installed');
  });
}

/**
 * Installs the Debian packages named that are missing (apt-get update first). Only Debian's own
 * packages: podman (4.3 in bookworm), runc, debootstrap, podman-compose.
 */
export function ensurePackages(packages) {
  const missing = missingPackages(packages);
  if (missing.length === 0) return `already installed: ${packages.join(' ')}`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  must('apt-get', ['update', '-q'], { env });
  must('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env });
  return `installed: ${missing.join(' ')}`;
}

/**
 * Makes podman able to start containers on this machine, and says how. Podman's defaults are
 * tried first; where they fail (crun on a cgroup v1 or hybrid layout, or limits the process may
 * not raise, as on these machines), a containers.conf of the test's own, in its temporary folder,
 * selects runc with cgroupfs and default ulimits the process can grant. CONTAINERS_CONF points
 * podman (and podman-compose's podman) at it; no file of the system is written.
 */
export function ensureRunnable(image, work) {
  const probe = () => run('podman', ['run', '--rm', '--network', 'none', image, 'true']);
  const first = probe();
  if (first.status === 0) return "podman's defaults start containers";
  const hardLimit = (flag) => Number(run('bash', ['-c', `ulimit -H${flag}`]).stdout.trim()) || 0;
  const nofile = Math.min(hardLimit('n') || 1024, 65536);
  const nproc = Math.min(hardLimit('u') || 4096, 32768);
  const file = join(work, 'containers.conf');
  writeFileSync(
    file,
    [
      "# Written by scripts/test-image.mjs: podman's defaults could not start a container here.",
      '[containers]',
      `default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]`,
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      '',
    ].join('\n'),
  );
  process.env.CONTAINERS_CONF = file;
  const second = probe();
  if (second.status !== 0) {
    throw new Error(
      `podman cannot start a container, with its defaults:\n${tail(first, 5)}\n` +
        `nor with runc, cgroupfs and ulimits nofile=${nofile} nproc=${nproc}:\n${tail(second, 5)}`,
    );
  }
  return (
    `podman's defaults failed (${tail(first, 1)}); a containers.conf of the test's own selects ` +
    `runc, cgroupfs and ulimits nofile=${nofile} nproc=${nproc}`
  );
}

export function imageExists(name) {
  return run('podman', ['image', 'exists', name]).status === 0;
}

/**
 * Local base images (.ci/image/base-image.sh), kept between runs on one machine: those missing
 * (all of them with PROSHOP_REBUILD_BASE_IMAGES=1) are made by one call, from one debootstrap.
 * `images` maps a kind (node, postgres, redis, nginx) to an image name. Answers what it did.
 */
export function ensureBaseImages(images) {
  const { missing, report } = baseImagesPlan(images);
  const started = Date.now();
  if (missing.length > 0) must('bash', [join(root, '.ci/image/base-image.sh'), ...missing.flat()]);
  return report(started);
}

/**
 * ensureBaseImages in the background (the script runs while the test goes on): answers a
 * promise of what it did, rejected with the script's output when it fails.
 */
export function ensureBaseImagesInBackground(images) {
  const { missing, report } = baseImagesPlan(images);
  const started = Date.now();
  if (missing.length === 0) return Promise.resolve(report(started));
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [join(root, '.ci/image/base-image.sh'), ...missing.flat()], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code === 0) resolve(report(started));
      else reject(new Error(`.ci/image/base-image.sh failed (${code}):\n${output.trim()}`));
    });
  });
}

function baseImagesPlan(images) {
  const rebuild = process.env.PROSHOP_REBUILD_BASE_IMAGES === '1';
  const missing = Object.entries(images).filter(([, name]) => rebuild || !imageExists(name));
  const made = new Set(missing.map(([, name]) => name));
  const report = (started) =>
    Object.values(images)
      .map(
        (name) =>
          `${name} ${imageSize(name)} (${made.has(name) ? 'made' : 'kept from an earlier run'})`,
      )
      .concat(missing.length ? [`made in ${seconds(started)}`] : [])
      .join('; ');
  return { missing, report };
}

export function imageSize(name) {
  const bytes = Number(must('podman', ['image', 'inspect', '--format', '{{.Size}}', name]));
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

export function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * What the test made, removed in the reverse order by `removeAll`: containers (stopped first),
 * pods, volumes, networks, images. Nothing else is touched.
 */
export class Made {
  /** Functions that remove what a tool made (podman-compose down): run first. */
  cleanups = [];
  containers = [];
  pods = [];
  volumes = [];
  networks = [];
  images = [];

  removeAll() {
    const problems = [];
    const remove = (args) => {
      const result = run('podman', args);
      if (result.status !== 0 && !/no such|not found|no container|no pod/i.test(result.stderr)) {
        problems.push(`podman ${args.join(' ')}: ${tail(result, 2)}`);
      }
    };
    for (const cleanup of this.cleanups.reverse()) {
      try {
        cleanup();
      } catch (error) {
        problems.push(String(error));
      }
    }
    for (const name of this.containers.reverse()) remove(['rm', '--force', '--time', '5', name]);
    for (const name of this.pods.reverse()) remove(['pod', 'rm', '--force', name]);
    for (const name of this.volumes.reverse()) remove(['volume', 'rm', '--force', name]);
    for (const name of this.networks.reverse()) remove(['network', 'rm', '--force', name]);
    for (const name of this.images.reverse()) remove(['rmi', '--force', name]);
    this.cleanups = [];
    this.containers = [];
    this.pods = [];
    this.volumes = [];
    this.networks = [];
    this.images = [];
    return problems;
  }
}

/**
 * Builds deploy/Dockerfile with podman, as `docker build` would: Docker's format (it keeps the
 * HEALTHCHECK), deploy/Dockerfile.dockerignore, NODE_IMAGE set to the local base image, no
 * intermediate images left. When the host's npm trusts a CA bundle of its own (a proxy that
 * inspects TLS), that bundle and an npmrc naming it are passed as build secrets: `npm ci` sees
 * them while it runs, no layer keeps them. Answers the build's output.
 */
export function buildImage({ tag, nodeImage, work }) {
  const secrets = [];
  const cafile = hostCaFile();
  if (cafile) {
    const npmrc = join(work, 'build-npmrc');
    writeFileSync(npmrc, 'cafile=/run/secrets/ca\n');
    secrets.push('--secret', `id=npmrc,src=${npmrc}`, '--secret', `id=ca,src=${cafile}`);
  }
  return must('podman', [
    'build',
    '--format',
    'docker',
    '--layers=false',
    '--force-rm',
    '--file',
    'deploy/Dockerfile',
    '--ignorefile',
    'deploy/Dockerfile.dockerignore',
    '--build-arg',
    `NODE_IMAGE=${nodeImage}`,
    ...secrets,
    '--tag',
    tag,
    '.',
  ]);
}

/** The CA bundle the host's npm is told to trust (npm's cafile, else NODE_EXTRA_CA_CERTS). */
function hostCaFile() {
  const fromNpm = run('npm', ['config', 'get', 'cafile']).stdout.trim();
  const file = fromNpm && fromNpm !== 'null' && fromNpm !== 'undefined' ? fromNpm : '';
  return file || process.env.NODE_EXTRA_CA_CERTS || '';
}
