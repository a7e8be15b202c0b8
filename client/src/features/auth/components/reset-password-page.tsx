import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { passwordResetSchema, PASSWORD_RESET_MESSAGES } from '@shared/contracts/auth';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/password-reset';
import { RESET_TEXTS } from '../lib/link-page-texts';
import { AuthPageShell } from './auth-page-shell';

/** The new password twice: the spec's Settings rule "New passwords do not match" applies here too. */
const resetFormSchema = passwordResetSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: RESET_TEXTS.mismatch,
    path: ['confirmPassword'],
  });
type ResetFormValues = z.infer<typeof resetFormSchema>;

type Outcome = 'done' | 'linkInvalid';

/** /reset-password/{token}: a new password; then every session of the account has ended. */
export function ResetPasswordPage({ token }: { token: string }) {
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>();
  const form = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting, errors } = form.formState;

  const onSubmit = async ({ password }: ResetFormValues) => {
    try {
      await reset.mutateAsync({ token, input: { password } });
      setOutcome('done');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return setOutcome('linkInvalid');
      const message = error instanceof ApiError ? error.body?.fieldErrors?.password?.[0] : undefined;
      if (message) form.setError('password', { type: 'server', message });
      toast({
        variant: 'destructive',
        title: RESET_TEXTS.resetFailedTitle,
        description: error instanceof ApiError ? error.serverMessage : undefined,
      });
    }
  };

  return (
    <AuthPageShell>
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold tracking-tight">{RESET_TEXTS.resetTitle}</h2>
        {outcome === undefined && <CardDescription>{RESET_TEXTS.resetDescription}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">
        {outcome === 'done' && (
          <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
            {PASSWORD_RESET_MESSAGES.passwordReset}
          </p>
        )}
        {outcome === 'linkInvalid' && (
          <p
            role="alert"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {PASSWORD_RESET_MESSAGES.linkInvalid}
          </p>
        )}
        {outcome === undefined && (
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
            <TextField
              id="reset-password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <TextField
              id="reset-confirm-password"
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting && <Spinner />}
              {isSubmitting ? RESET_TEXTS.saving : RESET_TEXTS.save}
            </Button>
          </form>
        )}
        <p className="text-center text-sm">
          <Link
            href={outcome === 'linkInvalid' ? paths.forgotPassword : paths.signin}
            className="text-primary underline-offset-4 hover:underline"
          >
            {outcome === 'linkInvalid' ? RESET_TEXTS.askAgain : RESET_TEXTS.backToSignIn}
          </Link>
        </p>
      </CardContent>
    </AuthPageShell>
  );
}
