import { TOTP_MESSAGES } from '@shared/contracts/auth';
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

/** Two-step sign-in (issue 22). */
export const TOTP_TEXTS = {
  codeStepTitle: 'Two-Step Sign-In',
  codeStepHint: 'Enter the 6-digit code from your authenticator app.',
  recoveryHint: 'Enter one of your recovery codes. Each works once.',
  code: 'Code',
  recoveryCode: 'Recovery Code',
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use a code from the app instead',
  cardTitle: 'Two-Step Sign-In',
  cardDescription: 'A code from an authenticator app at each sign-in, besides your password.',
  on: 'Two-step sign-in is on.',
  off: 'Two-step sign-in is off.',
  requiredNote: TOTP_MESSAGES.setupRequired,
  setUp: 'Set Up',
  settingUp: 'Preparing...',
  scan: 'Scan this code with your authenticator app, or type the key into it:',
  key: 'Key',
  qrAlt: 'QR code of the two-step sign-in key',
  turnOn: 'Turn On',
  turningOn: 'Turning On...',
  recoveryTitle: 'Recovery Codes',
  recoveryNote:
    'Keep these somewhere safe. Each signs you in once if you lose your phone. They are shown only now.',
  done: 'Done',
  password: 'Password',
  turnOff: 'Turn Off',
  turningOff: 'Turning Off...',
  turnedOn: 'Two-step sign-in is on',
  turnedOff: 'Two-step sign-in is off',
  failed: 'Two-step sign-in failed',
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
