import { useState } from 'react';
import { API_TOKEN_SCOPE_LABELS, type ApiToken, type TeamApiToken } from '@shared/contracts/api-tokens';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRetainedValue } from '@/lib/use-retained-value';
import { useRevokeApiToken } from '../api/api-tokens';
import { API_TOKENS_TEXTS as T } from '../lib/api-tokens-texts';
import { formatDateTime } from '../lib/format-date-time';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';

/** "Created … · Expires … · Last used …": when a token was made, how long it lasts, when it last worked. */
function tokenDates(token: ApiToken): string {
  const expiry = !token.expiresAt
    ? T.never
    : new Date(token.expiresAt) <= new Date()
      ? T.expired
      : `${T.expires} ${formatDateTime(token.expiresAt)}`;
  const used = token.lastUsedAt ? `${T.lastUsed} ${formatDateTime(token.lastUsedAt)}` : T.neverUsed;
  return `${T.createdOn} ${formatDateTime(token.createdAt)} · ${expiry} · ${used}`;
}

interface ApiTokenListProps {
  tokens: readonly (ApiToken | TeamApiToken)[];
  /** Revoke through the admins' route (anyone's token). */
  team?: boolean;
  emptyText: string;
}

/** A list of tokens, each with Revoke behind a question (scripts using it stop at once). */
export function ApiTokenList({ tokens, team = false, emptyText }: ApiTokenListProps) {
  const revoke = useRevokeApiToken(team);
  const [asking, setAsking] = useState<ApiToken | null>(null);
  const shown = useRetainedValue(asking);
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <>
      <ul aria-label={T.title} className="divide-y">
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 flex-1 basis-64 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                {token.name}
                <Badge variant="secondary">{API_TOKEN_SCOPE_LABELS[token.scope]}</Badge>
              </p>
              <p className="text-sm text-muted-foreground">
                <code className="font-mono">{token.prefix}…</code>
                {'owner' in token && ` · ${token.owner.name} (${token.owner.email})`}
              </p>
              <p className="text-sm text-muted-foreground">{tokenDates(token)}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={T.revokeLabel(token.name)}
              disabled={revoke.isPending}
              onClick={() => setAsking(token)}
            >
              {T.revoke}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={T.revokeTitle}
        description={shown ? T.revokeText(shown.name) : ''}
        confirmLabel={T.revoke}
        destructive
        onConfirm={() => {
          if (!asking) return;
          revoke.mutate(asking.id, {
            onSuccess: () => notifySuccess(T.revoked),
            onError: (error) => notifyFailure(T.revokeFailed, error),
          });
        }}
      />
    </>
  );
}
