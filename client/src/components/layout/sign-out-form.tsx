import type { ComponentProps } from 'react';
import { LOGOUT_ACTION } from '@/lib/paths';

/**
 * Signing out is a plain form POST, not fetch: the server ends the session and its redirect
 * loads /logout as a fresh page, which also drops every cached query of the signed-in user.
 */
export function SignOutForm(props: Omit<ComponentProps<'form'>, 'method' | 'action'>) {
  return <form method="post" action={LOGOUT_ACTION} {...props} />;
}
