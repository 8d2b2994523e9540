/** How many hits a key has in its current window, and when that window closes. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** Fixed-window counters, in memory (one process) or in Redis (shared by every instance). */
export interface RateLimitStore {
  /** Adds one to the key's count, opening a window of `windowMs` when none is open. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its open window without adding to it; undefined when none is open. */
  peek(key: string): Promise<WindowCount | undefined>;
  close(): Promise<void>;
}
