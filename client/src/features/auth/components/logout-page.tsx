import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { LOGOUT_REDIRECT_DELAY_MS, PRODUCT_NAME } from '@shared/constants';
import { paths } from '@/lib/paths';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

export function LogoutPage() {
  const [, navigate] = useLocation();

  useEffect(() => {
    // Replace: going back from the sign-in screen should not replay this redirect.
    const timer = setTimeout(() => navigate(paths.signin, { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-br from-primary/10 via-background to-background p-4">
      <Card className="w-full max-w-md shadow-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LogOut className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">You have logged out</h1>
          <p className="text-muted-foreground">Thank you for using {PRODUCT_NAME}.</p>
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Redirecting to login...
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
