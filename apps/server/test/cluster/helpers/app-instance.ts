import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The production build that `npm run test:cluster` makes (scripts/lib/build-if-stale.mjs). */
export const serverBuild = fileURLToPath(new URL('../../../dist/server.js', import.meta.url));

interface Run {
  child: ChildProcess;
  output: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * One app instance: `node apps/server/dist/server.js` on a fixed port, started again on the same
 * port after a stop, as a process manager would. It knows which requests it served from its own
 * log (every answered request is logged with its X-Request-Id as reqId), so nothing in the app
 * had to change to tell the instances apart.
 */
export class AppInstance {
  /** reqId → the status codes this instance answered it with, over all its runs. */
  readonly served = new Map<string, number[]>();
  private run: Run | undefined;
  /** Request ids the current run logged, for `inRotation`. */
  private servedThisRun = new Set<string>();

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.run?.child.pid;
  }

  /** Everything the current (or last) run printed. */
  output(): string {
    return this.run?.output ?? '';
  }

  start(): void {
    const child = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = {
      child,
      output: '',
      exit: new Promise((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      ),
    };
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      run.output += chunk.toString();
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.read(line);
    });
    child.stderr.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
    this.run = run;
    this.servedThisRun = new Set();
  }

  /** Resolves once the instance listens and answers GET /api/ready with 200. */
  async ready(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const run = this.run!;
    while (Date.now() < deadline) {
      if (run.child.exitCode !== null) break;
      if (run.output.includes('is running at')) {
        const res = await fetch(`${this.url}/api/ready`).catch(() => undefined);
        if (res?.status === 200) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} did not become ready:\n${run.output.slice(-3000)}`);
  }

  /**
   * Resolves once the current run served a request named `<prefix>-...` (through nginx, as the
   * readiness checks go to the instance directly with ids of their own): nginx sends it requests
   * again. nginx keeps an instance it saw fail out of rotation for `fail_timeout` (5 s), even
   * when it is back sooner.
   */
  async inRotation(prefix: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const served = () => [...this.servedThisRun].some((id) => id.startsWith(`${prefix}-`));
    while (!served()) {
      if (Date.now() > deadline) throw new Error(`nginx sent ${this.name} no request`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Sends a signal and waits for the process to end. */
  async stop(signal: 'SIGTERM' | 'SIGKILL') {
    const run = this.run;
    if (!run) return { code: null, signal: null };
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill(signal);
    return run.exit;
  }

  isRunning(): boolean {
    const child = this.run?.child;
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /** Peak resident memory (MB) and CPU time (s) of the current run, from /proc. */
  usage(): { peakMb: number; cpuSeconds: number } | undefined {
    const pid = this.pid;
    if (!pid || !this.isRunning()) return undefined;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    // Fields 14 and 15 of /proc/PID/stat: user and system time in clock ticks (100 a second).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { peakMb: Math.round(peakKb / 1024), cpuSeconds: ticks / 100 };
  }

  /** How many of the given request ids this instance served (over all its runs). */
  countServed(ids: Iterable<string>): number {
    let count = 0;
    for (const id of ids) if (this.served.has(id)) count += 1;
    return count;
  }

  private read(line: string) {
    if (!line.startsWith('{')) return;
    let entry: { reqId?: string; msg?: string; res?: { statusCode?: number } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (!entry.reqId) return;
    // One line per answered request (lifecycle/access-log.ts).
    if (entry.msg !== 'request completed' && entry.msg !== 'request errored') return;
    this.servedThisRun.add(entry.reqId);
    const statuses = this.served.get(entry.reqId) ?? [];
    if (entry.res?.statusCode !== undefined) statuses.push(entry.res.statusCode);
    this.served.set(entry.reqId, statuses);
  }
}
