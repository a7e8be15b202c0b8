/**
 * The sign-in page's form checks, loaded apart from it (client/src/lib/lazy-resolver.ts): the shared
 * contracts' schemas, so the browser checks exactly what the server will.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, registerSchema } from '@shared/contracts/auth';

export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerSchema);
