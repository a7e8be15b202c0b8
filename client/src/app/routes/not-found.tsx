import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface NotFoundRouteProps {
  /** Outside the app shell (signed out) the page fills the screen and owns the h1. */
  standalone?: boolean;
}

export default function NotFoundRoute({ standalone = false }: NotFoundRouteProps) {
  usePageTitle('Page Not Found');
  const Heading = standalone ? 'h1' : 'h2';
  // Standalone, the page is the main landmark itself; in the app shell it sits in the shell's main.
  const Root = standalone ? 'main' : 'div';

  return (
    <Root className={cn('flex items-center justify-center p-4', standalone ? 'min-h-screen' : 'py-16')}>
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <SearchX className="size-6" aria-hidden="true" />
          </div>
          <Heading className="text-2xl font-semibold tracking-tight">404 Page Not Found</Heading>
          <p className="text-sm text-muted-foreground">The page you are looking for does not exist.</p>
          <Button asChild variant="outline">
            <Link href={paths.home}>Go to home page</Link>
          </Button>
        </CardContent>
      </Card>
    </Root>
  );
}
