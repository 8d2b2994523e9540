/** The text shown when a password and its confirmation differ (register and profile). */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
