import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { changePasswordSchema, type ChangePasswordInput } from '@shared/contracts/auth';

export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The Settings page's rules and hint (spec §5 "Change password on the Settings page"), word for word. */
export const PASSWORD_MESSAGES = {
  missing: 'Please fill in all password fields',
  mismatch: 'New passwords do not match',
  tooShort: `New password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  hint: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
} as const;

export type PasswordField = keyof PasswordFormValues;

/** Said beside each field left empty, under the spec's "Please fill in all password fields" toast. */
export const PASSWORD_FIELD_MESSAGES = {
  // The spec's schema text for it (§5); the other two are ours.
  currentPassword: 'Current password is required',
  newPassword: 'New password is required',
  confirmPassword: 'Confirm the new password',
} as const satisfies Record<PasswordField, string>;

/** A refused form: the spec's toast text, and what goes beside which field. */
export type PasswordCheck =
  | { ok: true; input: ChangePasswordInput }
  | { ok: false; message: string; fields: Partial<Record<PasswordField, string>> };

const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];
export const isPasswordField = (name: string): name is PasswordField =>
  (PASSWORD_FIELDS as readonly string[]).includes(name);

/**
 * The spec's checks in its order, then the server's own contract (which also refuses passwords that
 * bcrypt would cut short), so a bad form never reaches the server.
 */
export function checkPasswordForm(values: PasswordFormValues): PasswordCheck {
  const { currentPassword, newPassword, confirmPassword } = values;
  const empty = PASSWORD_FIELDS.filter((field) => !values[field]);
  if (empty.length > 0) {
    const fields = Object.fromEntries(empty.map((field) => [field, PASSWORD_FIELD_MESSAGES[field]]));
    return { ok: false, message: PASSWORD_MESSAGES.missing, fields };
  }
  if (newPassword !== confirmPassword) {
    return {
      ok: false,
      message: PASSWORD_MESSAGES.mismatch,
      fields: { confirmPassword: PASSWORD_MESSAGES.mismatch },
    };
  }
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    return {
      ok: false,
      message: PASSWORD_MESSAGES.tooShort,
      fields: { newPassword: PASSWORD_MESSAGES.tooShort },
    };
  }
  const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? PASSWORD_MESSAGES.missing;
    const field = String(issue?.path[0] ?? '');
    return { ok: false, message, fields: isPasswordField(field) ? { [field]: message } : {} };
  }
  return { ok: true, input: parsed.data };
}
