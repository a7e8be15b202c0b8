import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import type { RegisterInput } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useRegister } from '../api/register';
import { failureDescription, REGISTER_TEXTS, REGISTER_TOASTS } from '../lib/auth-toasts';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

const registerCheck = lazyResolver<RegisterInput>(() =>
  import('../lib/sign-in-resolvers').then((loaded) => loaded.registerResolver),
);

function showRegisterFailure(description: string) {
  toast({ variant: 'destructive', title: REGISTER_TOASTS.failureTitle, description });
}

/** The server validates too; its per-field messages go under the fields they are about. */
export function applyServerFieldErrors(error: unknown, setError: UseFormSetError<RegisterInput>) {
  if (!(error instanceof ApiError)) return;
  for (const field of FIELDS) {
    const message = error.body?.fieldErrors?.[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}

/** First Name, Last Name, Email and Password: the Register tab's fields, also the setup page's. */
export function RegisterFields({ form, idPrefix }: { form: UseFormReturn<RegisterInput>; idPrefix: string }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-first-name`}
          label="First Name"
          autoComplete="given-name"
          error={form.formState.errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id={`${idPrefix}-last-name`}
          label="Last Name"
          autoComplete="family-name"
          error={form.formState.errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
    </>
  );
}

/** A 403 is the registration setting refusing the address (issue 22): its words, to show instead of the form. */
const refusalOf = (error: unknown) =>
  error instanceof ApiError && error.status === 403 ? error.serverMessage : undefined;

/**
 * Why registration was refused, in place of the form, with a way back to it (a domain-limited help
 * desk takes another address).
 */
function RegistrationRefused({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
        {message}
      </p>
      <Button type="button" variant="outline" className="w-full" onClick={onRetry}>
        {REGISTER_TEXTS.useAnotherAddress}
      </Button>
    </div>
  );
}

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const registerMutation = useRegister();
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<RegisterInput>({
    resolver: registerCheck.resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  useEffect(() => registerCheck.preload(), []);
  const { isSubmitting } = form.formState;

  const onSubmit = async (values: RegisterInput) => {
    try {
      const result = await registerMutation.mutateAsync(values);
      if (!result.success) return showRegisterFailure(result.error || REGISTER_TOASTS.failureFallback);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      setRefusal(refusalOf(error));
      return showRegisterFailure(failureDescription(error, REGISTER_TOASTS));
    }
    toast({ title: REGISTER_TOASTS.successTitle, description: REGISTER_TOASTS.successDescription });
    form.reset();
    onRegistered();
  };

  if (refusal) return <RegistrationRefused message={refusal} onRetry={() => setRefusal(undefined)} />;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <RegisterFields form={form} idPrefix="register" />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
