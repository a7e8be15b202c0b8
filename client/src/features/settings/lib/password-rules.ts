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

export type PasswordCheck = { ok: true; input: ChangePasswordInput } | { ok: false; message: string };

/**
 * The spec's checks in its order, then the server's own contract (which also refuses passwords that
 * bcrypt would cut short), so a bad form never reaches the server.
 */
export function checkPasswordForm(values: PasswordFormValues): PasswordCheck {
  const { currentPassword, newPassword, confirmPassword } = values;
  if (!currentPassword || !newPassword || !confirmPassword)
    return { ok: false, message: PASSWORD_MESSAGES.missing };
  if (newPassword !== confirmPassword) return { ok: false, message: PASSWORD_MESSAGES.mismatch };
  if (newPassword.length < PASSWORD_MIN_LENGTH) return { ok: false, message: PASSWORD_MESSAGES.tooShort };
  const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? PASSWORD_MESSAGES.missing };
  return { ok: true, input: parsed.data };
}
