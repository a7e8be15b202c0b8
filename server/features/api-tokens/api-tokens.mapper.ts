import type { ApiToken, ApiTokenScope, TeamApiToken } from '@shared/contracts/api-tokens';
import type { ApiTokenRow } from '../../core/api-tokens/api-tokens.repository';
import { fullName } from '../../core/users/user.mapper';

/** The only shape in which a token leaves the server: never its secret or hash. */
export function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function toTeamApiToken(row: {
  token: ApiTokenRow;
  owner: { id: string; email: string; firstName: string | null; lastName: string | null };
}): TeamApiToken {
  return {
    ...toApiToken(row.token),
    owner: { id: row.owner.id, email: row.owner.email, name: fullName(row.owner) || row.owner.email },
  };
}
