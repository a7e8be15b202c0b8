import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { LoginInput } from '@shared/contracts/auth';
import { lazyResolver } from '@/lib/lazy-resolver';
import { paths } from '@/lib/paths';
import { safeReturnPath, takeReturnTo } from '@/lib/return-to';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '../api/auth-keys';
import { useLogin } from '../api/login';
import { failureDescription, LOGIN_TOASTS } from '../lib/auth-toasts';
import { LoginCodeStep } from './login-code-step';

const loginCheck = lazyResolver<LoginInput>(() =>
  import('../lib/sign-in-resolvers').then((loaded) => loaded.loginResolver),
);

function showLoginFailure(description: string) {
  toast({ variant: 'destructive', title: LOGIN_TOASTS.failureTitle, description });
}

export function LoginForm() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const form = useForm<LoginInput>({
    resolver: loginCheck.resolver,
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => loginCheck.preload(), []);
  const { errors, isSubmitting } = form.formState;
  // The password was right and the account has two-step sign-in: the code comes next.
  const [codeStep, setCodeStep] = useState(false);

  const signedIn = async () => {
    toast({ title: LOGIN_TOASTS.successTitle, description: LOGIN_TOASTS.successDescription });
    await queryClient.refetchQueries({ queryKey: authKeys.currentUser() });
    // Replace: the back button should not lead to the sign-in screen of a signed-in user. After a
    // session ended mid-work, back to that page (issue 37); on a page's own address (a link to a
    // ticket opened while signed out), that page; otherwise the spec's Dashboard.
    const here = safeReturnPath(
      `${window.location.pathname}${window.location.search}${window.location.hash}`,
    );
    navigate(takeReturnTo() ?? here ?? paths.dashboard, { replace: true });
  };

  const onSubmit = async (values: LoginInput) => {
    try {
      const result = await loginMutation.mutateAsync(values);
      if ('totpRequired' in result) return setCodeStep(true);
      if (!result.success) return showLoginFailure(result.error || LOGIN_TOASTS.failureFallback);
    } catch (error) {
      return showLoginFailure(failureDescription(error, LOGIN_TOASTS));
    }
    await signedIn();
  };

  if (codeStep) return <LoginCodeStep onSignedIn={signedIn} />;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm">
        <Link href={paths.forgotPassword} className="text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
    </form>
  );
}
