import type { Request } from 'express';
import type { SessionUserRow } from '../core/users/user.mapper';

/**
 * Who is asking: the owner of the request's API token (issue 43), or its session's user. Every
 * check of "who" reads it here, so a token reaches what its owner's session would and no more.
 */
export function callerId(req: Request): string | undefined {
  return req.apiToken?.user.id ?? req.session?.userId;
}

/** The caller's user as read with the token or the session, when that read matches callerId. */
export function loadedCaller(req: Request): SessionUserRow | undefined {
  if (req.apiToken) return req.apiToken.user;
  const loaded = req.session?.loadedUser;
  return loaded?.id === req.session?.userId ? loaded : undefined;
}
