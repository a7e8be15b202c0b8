import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { passwordResetRequestSchema, type PasswordResetRequestInput } from '@shared/contracts/auth';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { RESET_TEXTS } from '../lib/link-page-texts';
import { AuthPageShell } from './auth-page-shell';

/**
 * /forgot-password: the address to send a reset link to. The server answers the same whether or not
 * the address has an account; without email set up it says to ask an admin for a link.
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [answer, setAnswer] = useState<string>();
  const form = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });
  const { isSubmitting, errors } = form.formState;

  const onSubmit = async (input: PasswordResetRequestInput) => {
    try {
      setAnswer((await request.mutateAsync(input)).message);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: RESET_TEXTS.requestFailedTitle,
        description: error instanceof ApiError ? error.serverMessage : undefined,
      });
    }
  };

  return (
    <AuthPageShell>
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold tracking-tight">{RESET_TEXTS.forgotTitle}</h2>
        <CardDescription>{RESET_TEXTS.forgotDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {answer ? (
          <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
            {answer}
          </p>
        ) : (
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
            <TextField
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting && <Spinner />}
              {isSubmitting ? RESET_TEXTS.sending : RESET_TEXTS.send}
            </Button>
          </form>
        )}
        <p className="text-center text-sm">
          <Link href={paths.signin} className="text-primary underline-offset-4 hover:underline">
            {RESET_TEXTS.backToSignIn}
          </Link>
        </p>
      </CardContent>
    </AuthPageShell>
  );
}
