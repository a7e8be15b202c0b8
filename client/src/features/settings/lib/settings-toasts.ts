import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation } from '@/components/session-expiry';

/** Toast titles of the page, word for word from spec §8 "Time entries, settings, password". */
export const SETTINGS_TOASTS = {
  invalid: 'Validation Error',
  passwordChanged: 'Password changed successfully',
  passwordFailed: 'Failed to change password',
  settingsSaved: 'Settings saved successfully',
  settingsFailed: 'Failed to save settings',
} as const;

export const serverMessageOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : undefined;

export function notifyInvalid(description: string): void {
  notifyProblem(SETTINGS_TOASTS.invalid, description);
}

/** A destructive toast: what failed, then why. */
export function notifyProblem(title: string, description: string): void {
  toast({ variant: 'destructive', title, description });
}

export function notifySuccess(title: string, description?: string): void {
  toast({ title, description });
}

/**
 * A 401 is the page's Unauthorized flow (spec §8 Session expiry); any other failure is a destructive
 * toast with the server's own words under the title, when it gave any.
 */
export function notifyFailure(title: string, error: unknown): void {
  if (handleUnauthorizedMutation(error, 'page')) return;
  toast({ variant: 'destructive', title, description: serverMessageOf(error) });
}
