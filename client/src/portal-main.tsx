import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from '@/features/portal/components/portal-app';
import './index.css';

/**
 * The requesters' portal (issue 41): portal.html's entry, a bundle of its own. It imports nothing of
 * the agent app (client/src/main.tsx and app/), so neither page loads the other's code.
 */
const container = document.getElementById('root');
if (!container) throw new Error('portal.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
