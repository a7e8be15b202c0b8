import type { AuthSuccess, TotpRequiredResponse } from '@shared/contracts/auth';

/** Login and register answer with `success`; a refusal may also come as a 2xx with `error`. */
export type AuthResponse = AuthSuccess | { success: false; error?: string };

/** POST /api/login also answers `{totpRequired: true}`: the password was right, the code comes next. */
export type LoginResponse = AuthResponse | TotpRequiredResponse;
