import { z } from 'zod';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, USER_ROLES } from '../constants';

const email = z.string().trim().toLowerCase().pipe(z.email('Invalid email address').max(320));

/** bcrypt silently ignores bytes past 72, so a longer password would be a weaker one than it looks. */
const newPassword = (minMessage: string) =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, minMessage)
    .refine(
      (value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES,
      `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
    );

export const registerSchema = z.object({
  email,
  password: newPassword(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required'),
  newPassword: newPassword(`New password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The user as every API answer shows it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(USER_ROLES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

// The answers' types, declared with their schemas in auth-answers.ts (kept off the sign-in page).
export type {
  AuthSuccess,
  PasswordResetLinkResponse,
  PasswordResetRequestedResponse,
  RevokeOtherSessionsResponse,
  SessionsResponse,
  SessionSummary,
  SuccessMessage,
  TotpEnableResponse,
  TotpRequiredResponse,
  TotpSetupResponse,
  TotpStatusResponse,
} from './auth-answers';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  unauthorized: 'Unauthorized',
  wrongCurrentPassword: 'Current password is incorrect',
  /** A new password found in the list of common and breached passwords (the server checks it). */
  commonPassword: 'This password is too common. Choose another one.',
  passwordChanged: 'Password changed successfully',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many registration attempts from this address. Please try again later.',
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
  tooManyPasswordResets: 'Too many password reset requests. Please wait a few minutes and try again.',
  setupLinkInvalid: 'This setup link has already been used or is not valid.',
  crossOrigin: 'Cross-origin request refused',
} as const;

/** POST /api/password-reset (issue 22): the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/password-reset/:token: the new password, under the Register tab's rules. */
export const passwordResetSchema = z.object({
  password: newPassword(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** How long a password reset link works. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

export const PASSWORD_RESET_MESSAGES = {
  /** The 202 of POST /api/password-reset when email is configured: the same whether or not the account exists. */
  requested:
    'If an account uses this address, a link to reset its password is on its way. It works once, for 1 hour.',
  /** The 202 when email is not configured: no link can be sent to anyone. */
  noEmail:
    'This help desk cannot send email yet, so no link was sent. Ask an admin to make you a password reset link.',
  linkInvalid: 'This password reset link has expired or has already been used.',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  memberDeactivated: 'This member is deactivated: reactivate them before making a reset link.',
} as const;

export const sessionParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'id must be a session id from GET /api/auth/sessions'),
});

export const SESSION_MESSAGES = {
  notFound: 'Session not found: it has already ended',
} as const;

/** Two-step sign-in (TOTP, issue 22). */
export const TOTP_MESSAGES = {
  alreadyOn: 'Two-step sign-in is already on. Turn it off first to set it up again.',
  noSetup: 'Start the setup first: the code must come from the key it shows.',
  wrongCode: 'That code is not right. Enter the 6-digit code your app shows now.',
  notPending: 'Sign in with your email and password first.',
  invalidCode: 'Invalid code',
  tooManyCodes: 'Too many wrong codes. Please wait a few minutes and try again.',
  wrongPassword: 'Password is incorrect',
  reset: 'Two-step sign-in was reset',
  /** 403 of every route but the setup's while admins require it and the user has not set it up. */
  setupRequired: 'Your admins require two-step sign-in: set it up to continue.',
} as const;

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Code must be the 6 digits your app shows');

export const totpEnableSchema = z.object({ code: totpCode });
export const totpDisableSchema = z.object({ password: z.string().min(1, 'Password is required') });

/** POST /api/login/totp: the 6-digit code, or one of the recovery codes. */
export const loginTotpSchema = z
  .object({
    code: totpCode.optional(),
    recoveryCode: z.string().trim().min(1, 'Recovery code is required').max(40).optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
    message: 'Give either a code or a recovery code',
    path: ['code'],
  });
export type LoginTotpInput = z.infer<typeof loginTotpSchema>;
