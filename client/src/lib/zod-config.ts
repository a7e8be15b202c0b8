import { z } from 'zod';

// The CSP forbids eval, so zod's JIT cannot run anyway; without `jitless` its probe (`new Function("")`)
// is still reported as a script-src violation on every page load (e2e/xss.e2e.ts checks for none).
z.config({ jitless: true });
