import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/field-errors';
import { useChangePassword } from '../api/change-password';
import {
  checkPasswordForm,
  EMPTY_PASSWORD_FORM,
  isPasswordField,
  PASSWORD_MESSAGES,
  type PasswordField,
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
  const { errors } = form.formState;

  /** Each message beside its field, focus on the first of them (the form's order). */
  const showBeside = (fields: Partial<Record<PasswordField, string>>) => {
    const inOrder = (Object.keys(EMPTY_PASSWORD_FORM) as PasswordField[]).filter((field) => fields[field]);
    inOrder.forEach((field, index) =>
      form.setError(field, { type: 'validate', message: fields[field] }, { shouldFocus: index === 0 }),
    );
  };

  const onSubmit = (values: PasswordFormValues) => {
    const check = checkPasswordForm(values);
    if (!check.ok) {
      showBeside(check.fields);
      // The spec's toast stays: the message beside the field is added, not instead.
      return notifyInvalid(check.message);
    }
    changePassword.mutate(check.input, {
      onSuccess: () => {
        form.reset(EMPTY_PASSWORD_FORM);
        notifySuccess(SETTINGS_TOASTS.passwordChanged);
      },
      onError: (error) => {
        showBeside(
          Object.fromEntries(
            Object.entries(serverFieldErrors(error)).filter(([field]) => isPasswordField(field)),
          ),
        );
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
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          id="settings-new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          hintId={HINT_ID}
          {...form.register('newPassword')}
        />
        <TextField
          id="settings-confirm-password"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
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
