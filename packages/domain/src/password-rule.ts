/**
 * Password length limits the server enforces, and the rule in words, shown under every field
 * where a new password is chosen before the shopper types (no zod here: the web's forms import
 * it without the schema library).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters; a few words you remember make a strong one.`;
