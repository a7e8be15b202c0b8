import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from '@shared/constants';
import {
  acceptInvitationSchema,
  ROLE_IN_SENTENCE,
  TEAM_MESSAGES,
  type AcceptInvitationInput,
  type InvitationLookupResponse,
} from '@shared/contracts/team';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { authKeys } from '../api/auth-keys';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { failureDescription } from '../lib/auth-toasts';
import { INVITE_TOASTS } from '../lib/link-page-texts';
import { AuthPageShell, LinkNotValid } from './auth-page-shell';

const FIELDS = ['firstName', 'lastName', 'password'] as const;

function AcceptForm({
  token,
  invitation,
  onLinkNotValid,
}: {
  token: string;
  invitation: InvitationLookupResponse;
  onLinkNotValid: () => void;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation();
  const form = useForm({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const { isSubmitting, errors } = form.formState;

  const onSubmit = async (input: AcceptInvitationInput) => {
    try {
      await accept.mutateAsync({ token, input });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return onLinkNotValid();
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.body?.fieldErrors?.[field]?.[0];
          if (message) form.setError(field, { type: 'server', message });
        }
      }
      return toast({
        variant: 'destructive',
        title: INVITE_TOASTS.failureTitle,
        description: failureDescription(error, INVITE_TOASTS),
      });
    }
    toast({ title: INVITE_TOASTS.successTitle, description: INVITE_TOASTS.successDescription });
    await queryClient.refetchQueries({ queryKey: authKeys.currentUser() });
    // Replace: the used link should not be one back-button press away.
    navigate(paths.dashboard, { replace: true });
  };

  return (
    <>
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold tracking-tight">Join {PRODUCT_NAME}</h2>
        <CardDescription>
          You are invited as {ROLE_IN_SENTENCE[invitation.role]}. Choose your name and a password to create
          your account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <TextField id="invite-email" label="Email" type="email" value={invitation.email} readOnly />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="invite-first-name"
              label="First Name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              id="invite-last-name"
              label="Last Name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <TextField
            id="invite-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting && <Spinner />}
            {isSubmitting ? 'Creating Account...' : 'Create Account'}
          </Button>
        </form>
      </CardContent>
    </>
  );
}

/**
 * /invite/{token}: an admin's invitation. The invited address is fixed; the invitee gives a name and a
 * password, and is signed in. Works whatever the registration setting.
 */
export function InvitePage({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const [usedMeanwhile, setUsedMeanwhile] = useState(false);
  const notValid = usedMeanwhile || (invitation.isError && invitation.error instanceof ApiError);

  return (
    <AuthPageShell>
      {notValid ? (
        <LinkNotValid message={TEAM_MESSAGES.invitationLinkInvalid} />
      ) : invitation.isSuccess ? (
        <AcceptForm
          token={token}
          invitation={invitation.data}
          onLinkNotValid={() => setUsedMeanwhile(true)}
        />
      ) : (
        <CardContent className="space-y-4 p-6" aria-busy="true">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-40 w-full" />
        </CardContent>
      )}
    </AuthPageShell>
  );
}
