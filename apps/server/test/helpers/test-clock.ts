import type { Clock } from '../../src/lifecycle/clock.ts';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** The system time plus an offset that tests move forward instead of sleeping. */
export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
