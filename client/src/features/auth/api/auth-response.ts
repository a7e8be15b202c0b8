import type { AuthSuccess } from '@shared/contracts/auth';

/** Login and register answer with `success`; a refusal may also come as a 2xx with `error`. */
export type AuthResponse = AuthSuccess | { success: false; error?: string };
