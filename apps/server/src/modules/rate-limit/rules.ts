/** Limits of one kind of attempt, per client address and per e-mail, in a fixed window. */
export interface RateLimitRule {
  name: string;
  perAddress: number;
  perEmail: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The per-address limits are looser than the per-e-mail ones because many shoppers can share one
 * address (an office, a mobile network); the per-e-mail limits stop guessing at one account
 * from many addresses.
 */
export const rateLimitRules = {
  /** Counts failed sign-ins only, so a shopper who signs in often is never locked out. */
  login: { name: 'login', perAddress: 50, perEmail: 10, windowMs: 15 * MINUTE },
  register: { name: 'register', perAddress: 50, perEmail: 5, windowMs: 60 * MINUTE },
  forgotPassword: { name: 'forgot-password', perAddress: 20, perEmail: 5, windowMs: 15 * MINUTE },
  /** Checking a reset code and resetting with it draw from the same allowance. */
  resetCode: { name: 'reset-code', perAddress: 50, perEmail: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
