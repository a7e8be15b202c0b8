import { ApiError } from '@/lib/api-client';

/** Toast texts of sign-in and registration, word for word from spec §8 Authentication. */
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

/** The setup link's page (not in the spec: a fresh install's first admin). */
export const SETUP_TOASTS = {
  successTitle: 'Setup Complete!',
  successDescription: 'Your administrator account has been created.',
  failureTitle: 'Setup Failed',
  failureGeneric: 'Setup failed. Please try again.',
  failureFallback: 'Setup failed',
} as const;

/** The invitation link's page (issue 22). */
export const INVITE_TOASTS = {
  successTitle: 'Welcome!',
  successDescription: 'Your account has been created.',
  failureTitle: 'Registration Failed',
  failureGeneric: 'Registration failed. Please try again.',
  failureFallback: 'Registration failed',
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
