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

/**
 * A field that may be missing: stored before the field existed (a cart line from before
 * variants). Left out when absent; checked like any other when present.
 */
export interface OptionalShape<T> extends Shape<T> {
  readonly optional: true;
}

export function optional<T>(shape: Shape<T>): OptionalShape<T> {
  return Object.assign((value: unknown) => shape(value), { optional: true as const });
}

/** The keys of T that may be left out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

type FieldShapes<T> = {
  [K in keyof T]-?: K extends OptionalKeys<T>
    ? OptionalShape<Exclude<T[K], undefined>>
    : Shape<T[K]>;
};

export function objectOf<T extends object>(fields: FieldShapes<T>): Shape<T> {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const result: Partial<T> = {};
    for (const key of Object.keys(fields) as (keyof T)[]) {
      const shape = fields[key] as Shape<T[keyof T]> & { optional?: true };
      const stored = (value as Partial<Record<keyof T, unknown>>)[key];
      if (stored === undefined && shape.optional) continue;
      const field = shape(stored);
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
