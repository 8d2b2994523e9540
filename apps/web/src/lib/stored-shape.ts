/**
 * Checks of values read back from localStorage: each answers the value in the expected shape
 * (objects keep only the known fields) or undefined. Hand-written rather than zod/mini: they run
 * on the first load, where even zod/mini's core adds some 15 KB (compressed) to the start-up
 * script; the domain's full zod schemas stay in the screens that are loaded on demand.
 */
export type Shape<T> = (value: unknown) => T | undefined;

export const text: Shape<string> = (value) => (typeof value === 'string' ? value : undefined);

export const nonEmptyText: Shape<string> = (value) =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

export const finiteNumber: Shape<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export const integer =
  (minimum = Number.MIN_SAFE_INTEGER): Shape<number> =>
  (value) =>
    Number.isSafeInteger(value) && (value as number) >= minimum ? (value as number) : undefined;

export const boolean: Shape<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

export function objectOf<T extends object>(fields: { [K in keyof T]-?: Shape<T[K]> }): Shape<T> {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const result: Partial<T> = {};
    for (const key of Object.keys(fields) as (keyof T)[]) {
      const field = fields[key]((value as Partial<Record<keyof T, unknown>>)[key]);
      if (field === undefined) return undefined;
      result[key] = field;
    }
    return result as T;
  };
}

export function arrayOf<T>(item: Shape<T>): Shape<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    const result: T[] = [];
    for (const entry of value) {
      const checked = item(entry);
      if (checked === undefined) return undefined;
      result.push(checked);
    }
    return result;
  };
}
