import { z } from 'zod';

// Control characters (C0, DEL, C1) never belong in what a shopper or an admin types: a NUL byte
// cannot even be stored by PostgreSQL, and a line break in a name lets text posing as the shop's
// own be written into e-mails that quote the name. The Unicode line and paragraph separators
// break lines too.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
/** As ONE_LINE, but tab and line breaks are allowed: descriptions and review comments. */
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]*$/;

/** Text on one line: names, address parts, brands, categories, search words. */
export const oneLineText = (field: string) =>
  z
    .string(`${field} is required`)
    .trim()
    .regex(ONE_LINE, `${field} must be one line, without line breaks or control characters`);

/** Text that may run over several lines, but holds no other control character. */
export const multiLineText = (field: string) =>
  z
    .string(`${field} is required`)
    .trim()
    .regex(MULTI_LINE, `${field} must not contain control characters`);

// Half of a UTF-16 surrogate pair on its own is no character: JSON can carry it (`"\ud800"`), but
// PostgreSQL refuses it in a jsonb value (an order event's details), which would fail the request.
const NO_LONE_SURROGATE = /^[^\p{Cs}]*$/u;

/** Refuses text holding half of a surrogate pair: for text kept in jsonb. */
export const wholeCharacters = (text: z.ZodString, field: string) =>
  text.regex(NO_LONE_SURROGATE, `${field} must be text`);
