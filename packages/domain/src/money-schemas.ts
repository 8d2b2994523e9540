import { z } from 'zod';
import { amountText, hasAtMostTwoDecimals, MAX_MONEY } from './money.ts';

/**
 * An amount a request sends: a number of 0 or more with at most 2 decimals, and at most `max`
 * (by default the most a money column holds, MAX_MONEY), with a message that says the limit.
 */
export const amountSchema = (field: string, max: number = MAX_MONEY) =>
  z
    .number(`${field} must be a number`)
    .min(0, `${field} must be 0 or more`)
    .max(max, `${field} can be at most ${amountText(max)}`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most 2 decimals`);
