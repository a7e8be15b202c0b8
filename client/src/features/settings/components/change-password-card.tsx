import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import {
  checkPasswordForm,
  EMPTY_PASSWORD_FORM,
  PASSWORD_MESSAGES,
  type PasswordFormValues,
} from '../lib/password-rules';
import {
  notifyFailure,
  notifyInvalid,
  notifyProblem,
  notifySuccess,
  SETTINGS_TOASTS,
} from '../lib/settings-toasts';
import { SectionCard } from '@/components/ui/section-card';

const HINT_ID = 'settings-password-hint';

/** The server's words about the new password (a common one is refused), without the field's name. */
const newPasswordProblem = (error: unknown) =>
  error instanceof ApiError ? error.body?.fieldErrors?.newPassword?.[0] : undefined;

/** Current, new and confirmed password (spec §5); the fields clear once the change is saved. */
export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const form = useForm<PasswordFormValues>({ defaultValues: EMPTY_PASSWORD_FORM });

  const onSubmit = (values: PasswordFormValues) => {
    const check = checkPasswordForm(values);
    if (!check.ok) return notifyInvalid(check.message);
    changePassword.mutate(check.input, {
      onSuccess: () => {
        form.reset(EMPTY_PASSWORD_FORM);
        notifySuccess(SETTINGS_TOASTS.passwordChanged);
      },
      onError: (error) => {
        const problem = newPasswordProblem(error);
        if (problem) return notifyProblem(SETTINGS_TOASTS.passwordFailed, problem);
        notifyFailure(SETTINGS_TOASTS.passwordFailed, error);
      },
    });
  };

  return (
    <SectionCard title="Change Password" description="Update the password you sign in with." icon={KeyRound}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <TextField
          id="settings-current-password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
        <TextField
          id="settings-new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          aria-describedby={HINT_ID}
          {...form.register('newPassword')}
        />
        <TextField
          id="settings-confirm-password"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
        <p id={HINT_ID} className="text-sm text-muted-foreground">
          {PASSWORD_MESSAGES.hint}
        </p>
        <Button type="submit" disabled={changePassword.isPending}>
          {changePassword.isPending && <Spinner />}
          {changePassword.isPending ? 'Changing Password...' : 'Change Password'}
        </Button>
      </form>
    </SectionCard>
  );
}
