import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Headset, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '@shared/constants';
import { AUTH_MESSAGES, registerSchema, type RegisterInput } from '@shared/contracts/auth';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { authKeys } from '../api/auth-keys';
import { useSetupAdmin } from '../api/setup-admin';
import { failureDescription, SETUP_TOASTS } from '../lib/auth-toasts';
import { applyServerFieldErrors, RegisterFields } from './register-form';

function showSetupFailure(description: string) {
  toast({ variant: 'destructive', title: SETUP_TOASTS.failureTitle, description });
}

/** The link is used up (or never was one): nothing to fill in, only the way to sign in. */
function LinkNotValid() {
  return (
    <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <LinkIcon className="size-6" aria-hidden="true" />
      </div>
      <p role="alert" className="font-medium">
        {AUTH_MESSAGES.setupLinkInvalid}
      </p>
      <Button asChild variant="outline">
        <Link href={paths.signin}>Sign In</Link>
      </Button>
    </CardContent>
  );
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
    <main className="flex min-h-screen items-center justify-center bg-linear-to-br from-primary/10 via-background to-background p-4">
      <div className="w-full max-w-md space-y-6">
        <div className="flex items-center justify-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <Headset className="size-5" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
        </div>
        <Card className="shadow-md">
          {linkNotValid ? (
            <LinkNotValid />
          ) : (
            <>
              <CardHeader>
                <h2 className="text-lg leading-none font-semibold tracking-tight">Set Up Your Help Desk</h2>
                <CardDescription>
                  Create the administrator account. This link works once; everyone else registers from the
                  sign-in page.
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
        </Card>
      </div>
    </main>
  );
}
