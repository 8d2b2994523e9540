/**
 * The account fields that read alike on every screen that asks for them (sign in, register,
 * profile, forgot password), so a shopper's browser fills them the same way everywhere. Spread
 * into a TextField next to the screen's own id, value and onChange.
 */
export const EMAIL_FIELD = {
  label: 'Email Address',
  type: 'email',
  autoComplete: 'email',
  required: true,
  placeholder: 'Enter email',
} as const;

export const NAME_FIELD = {
  label: 'Name',
  autoComplete: 'name',
  required: true,
  placeholder: 'Enter name',
} as const;
