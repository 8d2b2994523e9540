import type { Clock } from '../../lifecycle/clock.ts';
import {
  pauseAfter,
  type RateLimitStore,
  type SpacedHit,
  type Spacing,
  type WindowCount,
} from './store.ts';

interface Window {
  count: number;
  endsAt: number;
  /** A spaced key admits its next attempt from this time on. */
  nextAt: number;
}

/** Past this many keys, closed windows are swept so the map cannot grow without bound. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Counters of this process only: right for a single server instance. Each method reads and
 * changes a window without awaiting in between, which makes it atomic in one process.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    const window = this.windowFor(key, windowMs, now);
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async hitSpaced(key: string, windowMs: number, spacing: Spacing): Promise<SpacedHit> {
    const now = this.now();
    const window = this.windowFor(key, windowMs, now);
    window.count += 1;
    if (window.count < spacing.spacedFrom) return { admitted: true };
    if (now < window.nextAt) {
      window.count -= 1;
      return { admitted: false, retryInMs: window.nextAt - now };
    }
    window.nextAt = now + pauseAfter(spacing, window.count - spacing.spacedFrom + 1);
    return { admitted: true };
  }

  async giveBack(key: string): Promise<void> {
    const window = this.openWindow(key, this.now());
    if (window && window.count > 0) window.count -= 1;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private now() {
    return this.clock.now().getTime();
  }

  private windowFor(key: string, windowMs: number, now: number): Window {
    let window = this.openWindow(key, now);
    if (!window) {
      if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(now);
      window = { count: 0, endsAt: now + windowMs, nextAt: 0 };
      this.windows.set(key, window);
    }
    return window;
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
