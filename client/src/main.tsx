// First: configures zod before any schema parses.
import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, preloadSignedInRoutes } from '@/app/router';
import { matchesAnyPath, SIGNED_IN_PAGE_PATHS } from '@/lib/paths';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// A load of a signed-in page fetches what its first screen needs at once, not step by step (issue
// 37): the signed-in app's code from here, the rest from first-screen.ts, a chunk of its own that
// starts on import, so the sign-in page's JavaScript hardly grows and the sign-in screen loads none
// of it.
if (matchesAnyPath(window.location.pathname, SIGNED_IN_PAGE_PATHS)) {
  preloadSignedInRoutes();
  void import('@/app/first-screen');
}

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
