import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { AUTH_MESSAGES, registerSchema, type RegisterInput } from '@shared/contracts/auth';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { authKeys } from '../api/auth-keys';
import { useSetupAdmin } from '../api/setup-admin';
import { failureDescription } from '../lib/auth-toasts';
import { SETUP_TOASTS } from '../lib/link-page-texts';
import { AuthPageShell, LinkNotValid } from './auth-page-shell';
import { applyServerFieldErrors, RegisterFields } from './register-form';

function showSetupFailure(description: string) {
  toast({ variant: 'destructive', title: SETUP_TOASTS.failureTitle, description });
}

/**
 * /setup/{token}: the link `npm start` prints while the install has no admin. It creates the first
 * admin with the Register fields and signs them in.
 */
export function SetupPage({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const setupMutation = useSetupAdmin();
  const [linkNotValid, setLinkNotValid] = useState(false);
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = async (input: RegisterInput) => {
    try {
      const result = await setupMutation.mutateAsync({ token, input });
      if (!result.success) return showSetupFailure(result.error || SETUP_TOASTS.failureFallback);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return setLinkNotValid(true);
      applyServerFieldErrors(error, form.setError);
      return showSetupFailure(failureDescription(error, SETUP_TOASTS));
    }
    toast({ title: SETUP_TOASTS.successTitle, description: SETUP_TOASTS.successDescription });
    await queryClient.refetchQueries({ queryKey: authKeys.currentUser() });
    // Replace: the used link should not be one back-button press away.
    navigate(paths.dashboard, { replace: true });
  };

  return (
    <AuthPageShell>
      {linkNotValid ? (
        <LinkNotValid message={AUTH_MESSAGES.setupLinkInvalid} />
      ) : (
        <>
          <CardHeader>
            <h2 className="text-lg leading-none font-semibold tracking-tight">Set Up Your Help Desk</h2>
            <CardDescription>
              Create the administrator account. This link works once; everyone else registers from the sign-in
              page.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
              <RegisterFields form={form} idPrefix="setup" />
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting && <Spinner />}
                {isSubmitting ? 'Creating Admin Account...' : 'Create Admin Account'}
              </Button>
            </form>
          </CardContent>
        </>
      )}
    </AuthPageShell>
  );
}
