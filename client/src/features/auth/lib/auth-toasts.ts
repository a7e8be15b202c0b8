import { ApiError } from '@/lib/api-client';

/**
 * Toast texts of sign-in and registration, word for word from spec §8 Authentication. Only what the
 * sign-in screen shows lives here (its JavaScript has a budget, decision 46); the pages a link opens
 * have link-page-texts.ts, the signed-in two-step setup two-step-texts.ts.
 */
export const LOGIN_TOASTS = {
  successTitle: 'Success!',
  successDescription: 'You have been logged in successfully.',
  failureTitle: 'Login Failed',
  /** When the request failed without an answer from the server to quote. */
  failureGeneric: 'Invalid email or password. Please try again.',
  /** When the server refused but gave no error text. */
  failureFallback: 'Login failed',
} as const;

export const REGISTER_TOASTS = {
  successTitle: 'Registration Successful!',
  successDescription: 'Your account has been created. You can now log in.',
  failureTitle: 'Registration Failed',
  failureGeneric: 'Registration failed. Please try again.',
  failureFallback: 'Registration failed',
} as const;

/** The Register tab's words beyond the spec's (issue 22). */
export const REGISTER_TEXTS = {
  /** Under the refusal of the registration setting: back to the form. */
  useAnotherAddress: 'Use Another Address',
} as const;

/** Two-step sign-in (issue 22): the code step of signing in. */
export const TOTP_CODE_TEXTS = {
  codeStepTitle: 'Two-Step Sign-In',
  codeStepHint: 'Enter the 6-digit code from your authenticator app.',
  recoveryHint: 'Enter one of your recovery codes. Each works once.',
  code: 'Code',
  recoveryCode: 'Recovery Code',
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use a code from the app instead',
} as const;

interface FailureTexts {
  failureGeneric: string;
  failureFallback: string;
}

/** Quotes the server's error when it sent one; otherwise the spec's generic or fallback text. */
export function failureDescription(error: unknown, texts: FailureTexts): string {
  if (error instanceof ApiError && error.body) return error.body.error || texts.failureFallback;
  return texts.failureGeneric;
}
