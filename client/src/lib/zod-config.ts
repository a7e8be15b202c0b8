import { config } from 'zod/v4/core';

// The CSP forbids eval, so zod's JIT cannot run anyway; without `jitless` its probe (`new Function("")`)
// is still reported as a script-src violation on every page load (e2e/xss.e2e.ts checks for none).
// Set on zod's core, the one configuration every zod import shares: importing zod's full API here
// would put it on the sign-in page's first load, which needs none of it (lazy-resolver.ts).
config({ jitless: true });
