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

/** Forgot password? and the reset link's page (issue 22). */
export const RESET_TEXTS = {
  forgotTitle: 'Reset Your Password',
  forgotDescription:
    'Enter the email address of your account and we will send you a link to choose a new password.',
  send: 'Send Reset Link',
  sending: 'Sending...',
  requestFailedTitle: 'Request Failed',
  backToSignIn: 'Back to Sign In',
  resetTitle: 'Choose a New Password',
  resetDescription: 'After this, every device signed in to your account is signed out.',
  save: 'Set New Password',
  saving: 'Saving...',
  resetFailedTitle: 'Password Reset Failed',
  mismatch: 'New passwords do not match',
  askAgain: 'Ask for a New Link',
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
