/** How many hits a key has in its current window, and when that window closes. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * How a spaced key admits attempts: the first `spacedFrom - 1` of a window freely, then one at a
 * time with a pause that doubles after each admitted attempt, from `firstPauseMs` up to
 * `maxPauseMs`.
 */
export interface Spacing {
  spacedFrom: number;
  firstPauseMs: number;
  maxPauseMs: number;
}

/** Whether a spaced hit was admitted, and if not how long until the next one can be. */
export type SpacedHit = { admitted: true } | { admitted: false; retryInMs: number };

/**
 * Fixed-window counters, in memory (one process) or in Redis (shared by every instance). Every
 * change is atomic: concurrent hits on one key from any number of instances each get their own
 * count, so a limit checked on the count a hit returns can never be passed by arriving together.
 */
export interface RateLimitStore {
  /** Adds one to the key's count, opening a window of `windowMs` when none is open. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * Adds one to the key's count like `hit` and admits the attempt as `spacing` says; a refused
   * attempt is taken back off the count, so refusals never lengthen the pause.
   */
  hitSpaced(key: string, windowMs: number, spacing: Spacing): Promise<SpacedHit>;
  /** Takes one back off the key's count (an attempt that turned out well); never below zero. */
  giveBack(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The pause after the `admitted`-th spaced attempt of a window (1 for the first spaced one). */
export function pauseAfter(spacing: Spacing, admitted: number): number {
  return Math.min(spacing.firstPauseMs * 2 ** (admitted - 1), spacing.maxPauseMs);
}
