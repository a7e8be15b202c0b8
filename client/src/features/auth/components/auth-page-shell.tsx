import { Headset, LinkIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@shared/constants';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** The signed-out pages beside the sign-in screen (invitation, password reset): the name, then one card. */
export function AuthPageShell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-br from-primary/10 via-background to-background p-4">
      <div className="w-full max-w-md space-y-6">
        <div className="flex items-center justify-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <Headset className="size-5" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
        </div>
        <Card className="shadow-md">{children}</Card>
      </div>
    </main>
  );
}

/** A one-time link that is used up, revoked, expired (or never was one): the reason, and the way to sign in. */
export function LinkNotValid({ message }: { message: string }) {
  return (
    <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <LinkIcon className="size-6" aria-hidden="true" />
      </div>
      <p role="alert" className="font-medium">
        {message}
      </p>
      <Button asChild variant="outline">
        <Link href={paths.signin}>Sign In</Link>
      </Button>
    </CardContent>
  );
}
