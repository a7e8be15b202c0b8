/**
 * Apart from shared/constants.ts, which the sign-in page's first load carries: these labels are the
 * Settings page's and the server's only.
 */

/** The kinds of security events (issue 22) and how the Team page names them. */
export const SECURITY_EVENT_LABELS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  password_changed: 'Password changed',
  password_reset_requested: 'Password reset link sent',
  password_reset_link_made: 'Password reset link made',
  password_reset: 'Password reset',
  role_changed: 'Role changed',
  deactivated: 'Deactivated',
  reactivated: 'Reactivated',
  invitation_sent: 'Invitation sent',
  invitation_accepted: 'Invitation accepted',
  invitation_revoked: 'Invitation revoked',
  totp_enabled: 'Two-step sign-in turned on',
  totp_disabled: 'Two-step sign-in turned off',
  totp_reset: 'Two-step sign-in reset',
  totp_locked: 'Two-step sign-in locked (too many wrong codes)',
  settings_changed: 'Settings changed',
  api_token_created: 'API token created',
  api_token_revoked: 'API token revoked',
  api_token_new_ip: 'API token used from a new address',
} as const;
export type SecurityEventKind = keyof typeof SECURITY_EVENT_LABELS;
export const SECURITY_EVENT_KINDS = Object.keys(SECURITY_EVENT_LABELS) as SecurityEventKind[];
