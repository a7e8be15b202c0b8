/** Texts of the pages a link opens, each its own chunk, so the sign-in screen does not carry them. */

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
