import type { Clock } from '../../lifecycle/clock.ts';
import type { RateLimitStore, WindowCount } from './store.ts';

interface Window {
  count: number;
  endsAt: number;
}

/** Past this many keys, closed windows are swept so the map cannot grow without bound. */
const SWEEP_THRESHOLD = 10_000;

/** Counters of this process only: right for a single server instance. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.clock.now().getTime();
    let window = this.openWindow(key, now);
    if (!window) {
      if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async peek(key: string): Promise<WindowCount | undefined> {
    const now = this.clock.now().getTime();
    const window = this.openWindow(key, now);
    return window && { count: window.count, resetInMs: window.endsAt - now };
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private openWindow(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    return window && window.endsAt > now ? window : undefined;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}
