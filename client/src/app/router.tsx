import { lazy, Suspense, useEffect, useState } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { Route, Switch, useRoute } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { paths, SIGN_IN_PATHS, SIGNED_IN_PAGE_PATHS } from '@/lib/paths';
import LogoutRoute from './routes/logout';
import NotFoundRoute from './routes/not-found';
import SignInRoute from './routes/signin';

/**
 * The signed-in app (shell and pages) is its own chunk, so the sign-in screen loads only what it
 * needs. A load of a signed-in page asks for it ahead (preloadSignedInRoutes), so that it is drawn
 * once the user is known without a Suspense fallback, after which React would hold the app back for
 * up to 300 ms more.
 */
const SignedInRoutes = lazyWithPreload(() => import('./signed-in-routes'));
/** The signed-in app's code asked for ahead, until it is in. */
let signedInCodeLoading: Promise<unknown> | undefined;

/** A load of a signed-in page asks for the signed-in app's code before the user is known (main.tsx). */
export function preloadSignedInRoutes(): void {
  // A failed load is reported again, and shown, when the router needs the chunk.
  signedInCodeLoading = SignedInRoutes.preload().catch(() => undefined);
}

/** Whether the signed-in app's code asked for ahead is still on its way: the loading screen stays. */
function useSignedInCodeLoading(): boolean {
  const [loading, setLoading] = useState(signedInCodeLoading !== undefined);
  useEffect(() => {
    let mounted = true;
    void signedInCodeLoading?.then(() => mounted && setLoading(false));
    return () => {
      mounted = false;
    };
  }, []);
  return loading;
}
/** Used once per install: its own chunk too. */
const SetupRoute = lazy(() => import('./routes/setup'));
/** Used once per invited member: its own chunk. */
const InviteRoute = lazy(() => import('./routes/invite'));
/** Forgot password? and the reset link's page: one chunk, rarely used. */
const PasswordResetRoutes = lazy(() => import('./routes/password-reset'));
/** The API reference (issue 43): public like the document it shows, its renderer loaded there only. */
const ApiDocsPage = lazy(() => import('@/features/api-docs/components/api-docs-page'));

/** Signed-out visitors reach only sign-in and logout; a page of the app asks them to sign in first. */
function SignedOutRoutes() {
  return (
    <Switch>
      <Route path={paths.logout} component={LogoutRoute} />
      {[...SIGN_IN_PATHS, ...SIGNED_IN_PAGE_PATHS].map((path) => (
        <Route key={path} path={path} component={SignInRoute} />
      ))}
      <Route>
        <NotFoundRoute standalone />
      </Route>
    </Switch>
  );
}

export function AppRouter() {
  const [isSetup, setupParams] = useRoute(paths.setup);
  const [isInvite, inviteParams] = useRoute(paths.invite);
  const [isForgot] = useRoute(paths.forgotPassword);
  const [isReset, resetParams] = useRoute(paths.resetPassword);
  const [isApiDocs] = useRoute('/api-docs');
  if (isApiDocs) {
    return (
      <Suspense fallback={<LoadingScreen fullScreen />}>
        <ApiDocsPage />
      </Suspense>
    );
  }
  if (isForgot || isReset) {
    return (
      <Suspense fallback={<LoadingScreen fullScreen />}>
        <PasswordResetRoutes token={isReset ? resetParams.token : undefined} />
      </Suspense>
    );
  }
  if (isInvite) {
    return (
      <Suspense fallback={<LoadingScreen fullScreen />}>
        <InviteRoute token={inviteParams.token} />
      </Suspense>
    );
  }
  if (isSetup) {
    return (
      <Suspense fallback={<LoadingScreen fullScreen />}>
        <SetupRoute token={setupParams.token} />
      </Suspense>
    );
  }
  return <AuthenticatedRoutes />;
}

/** Everything else: what a visitor sees depends on whether they are signed in. */
function AuthenticatedRoutes() {
  const { user, isLoading } = useCurrentUser();
  const codeLoading = useSignedInCodeLoading();
  if (isLoading || (user && codeLoading)) return <LoadingScreen fullScreen />;
  if (!user) return <SignedOutRoutes />;
  return (
    <Suspense fallback={<LoadingScreen fullScreen />}>
      <SignedInRoutes user={user} />
    </Suspense>
  );
}
