import type { DiscountKind } from '@proshop/domain/discounts';
import {
  discountRequestSchema,
  type Discount,
  type DiscountRequest,
} from '@proshop/domain/discount-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';

/**
 * The admin's discount screens as pure functions: the form's fields to the API's request (checked
 * by the server's own schema before sending), and what the list shows of a discount.
 */

/** The kinds as the form's select offers them. */
export const KIND_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percentage off items',
  fixed: 'Fixed amount off items',
  'free-shipping': 'Free shipping',
};

/** The kinds as the list's narrow KIND column shows them. */
export const KIND_SHORT_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percentage',
  fixed: 'Fixed amount',
  'free-shipping': 'Free shipping',
};

/** The form's fields as typed: numbers and dates are text until sent ('' is "none"). */
export interface DiscountDraft {
  code: string;
  kind: DiscountKind;
  value: string;
  minSubtotal: string;
  /** A datetime-local input's value, in the admin's time zone. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  productIds: string[];
  categoryIds: string[];
  active: boolean;
}

export type DraftField = keyof DiscountDraft;

export const emptyDraft: DiscountDraft = {
  code: '',
  kind: 'percentage',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  productIds: [],
  categoryIds: [],
  active: true,
};

const pad = (number: number) => String(number).padStart(2, '0');

/** A moment as a datetime-local input shows it, in the browser's time zone ("2025-06-01T10:00"). */
export function localInputFromIso(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A datetime-local input's value (the admin's local time) as the API takes it: ISO 8601 in UTC,
 * whose offset is Z. UTC rather than the local offset because the request schema compares start
 * and end as strings, which is only right when both have the same offset (a DST change between
 * them would not). Text that is no date goes as typed, for the schema to name the field.
 */
export function isoFromLocalInput(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** A number field's text: empty is none; anything else a number (NaN the schema refuses). */
function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The form's fields filled from a discount, to edit it. */
export function draftFromDiscount(discount: Discount): DiscountDraft {
  const text = (number: number | null) => (number === null ? '' : String(number));
  return {
    code: discount.code,
    kind: discount.kind,
    value:
      discount.kind === 'fixed' && discount.value !== null
        ? discount.value.toFixed(2)
        : text(discount.value),
    minSubtotal: discount.minSubtotal === null ? '' : discount.minSubtotal.toFixed(2),
    startsAt: localInputFromIso(discount.startsAt),
    endsAt: localInputFromIso(discount.endsAt),
    usageLimit: text(discount.usageLimit),
    perCustomerLimit: text(discount.perCustomerLimit),
    firstOrderOnly: discount.firstOrderOnly,
    productIds: discount.productIds,
    categoryIds: discount.categoryIds,
    active: discount.active,
  };
}

/** The request the fields make, before checking: free shipping sends no value. */
export function requestFromDraft(draft: DiscountDraft): Record<keyof DiscountRequest, unknown> {
  return {
    code: draft.code,
    kind: draft.kind,
    value: draft.kind === 'free-shipping' ? null : numberOrNull(draft.value),
    minSubtotal: numberOrNull(draft.minSubtotal),
    startsAt: isoFromLocalInput(draft.startsAt),
    endsAt: isoFromLocalInput(draft.endsAt),
    usageLimit: numberOrNull(draft.usageLimit),
    perCustomerLimit: numberOrNull(draft.perCustomerLimit),
    productIds: draft.productIds,
    categoryIds: draft.categoryIds,
    firstOrderOnly: draft.firstOrderOnly,
    active: draft.active,
  };
}

export type DraftCheck =
  | { ok: true; request: DiscountRequest }
  | { ok: false; errors: Partial<Record<DraftField, string>> };

/**
 * The fields checked by the server's own schema: the request to send (the code upper-cased), or
 * each field's first problem, so that what the form accepts the server accepts too.
 */
export function checkDraft(draft: DiscountDraft): DraftCheck {
  const parsed = discountRequestSchema.safeParse(requestFromDraft(draft));
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Partial<Record<DraftField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in draft) errors[field as DraftField] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A discount as a PUT sends it back: the same terms, `changes` applied (the list's Deactivate). */
export function requestFromDiscount(
  discount: Discount,
  changes: Partial<DiscountRequest> = {},
): DiscountRequest {
  return {
    code: discount.code,
    kind: discount.kind,
    value: discount.value,
    minSubtotal: discount.minSubtotal,
    startsAt: discount.startsAt,
    endsAt: discount.endsAt,
    usageLimit: discount.usageLimit,
    perCustomerLimit: discount.perCustomerLimit,
    productIds: discount.productIds,
    categoryIds: discount.categoryIds,
    firstOrderOnly: discount.firstOrderOnly,
    active: discount.active,
    ...changes,
  };
}

export const DISCOUNT_STATUSES = ['Active', 'Scheduled', 'Expired', 'Used up', 'Inactive'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/**
 * Where a code stands at `now`, checked in the order the shop checks a code at checkout
 * (discountProblem): deactivated, not started, ended, then every use taken.
 */
export function discountStatus(
  discount: Pick<Discount, 'active' | 'startsAt' | 'endsAt' | 'usageLimit' | 'uses'>,
  now: Date,
): DiscountStatus {
  if (!discount.active) return 'Inactive';
  if (discount.startsAt && now < new Date(discount.startsAt)) return 'Scheduled';
  if (discount.endsAt && now >= new Date(discount.endsAt)) return 'Expired';
  if (discount.usageLimit !== null && discount.uses >= discount.usageLimit) return 'Used up';
  return 'Active';
}

/** The Bootstrap colour of each status's badge. */
export const STATUS_VARIANTS: Record<DiscountStatus, string> = {
  Active: 'success',
  Scheduled: 'info',
  Expired: 'secondary',
  'Used up': 'warning',
  Inactive: 'dark',
};

/** What a code takes off: "10 %", "$5.00" or "Free shipping". */
export function valueLabel(discount: Pick<Discount, 'kind' | 'value'>, currency: string): string {
  if (discount.kind === 'free-shipping') return 'Free shipping';
  const value = discount.value ?? 0;
  return discount.kind === 'percentage' ? `${value} %` : formatMoney(toCents(value), currency);
}

/** Uses held and the limit: "3 / 10", or "3 / ∞" without a limit. */
export function usesLabel(discount: Pick<Discount, 'uses' | 'usageLimit'>): string {
  return `${discount.uses} / ${discount.usageLimit ?? '∞'}`;
}

/** A moment in the admin's time zone, to the minute: "2025-06-01 10:00". */
export function moment(iso: string): string {
  return localInputFromIso(iso).replace('T', ' ');
}

/** When a code can be used: "from – to", "From …", "Until …" or "Always". */
export function datesLabel(discount: Pick<Discount, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = discount;
  if (startsAt && endsAt) return `${moment(startsAt)} – ${moment(endsAt)}`;
  if (startsAt) return `From ${moment(startsAt)}`;
  if (endsAt) return `Until ${moment(endsAt)}`;
  return 'Always';
}
