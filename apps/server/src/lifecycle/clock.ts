/**
 * Where the server reads the current time for rules that depend on it (reset-code expiry,
 * rate-limit windows). Tests pass a clock they can move forward instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
