import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, type ApiTokenScope } from '@shared/contracts/api-tokens';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { SectionCard } from '@/components/ui/section-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { ApiError } from '@/lib/api-client';
import { useApiTokens, useCreateApiToken, useTeamApiTokens } from '../api/api-tokens';
import { API_TOKEN_EXPIRY_CHOICES, API_TOKENS_TEXTS as T } from '../lib/api-tokens-texts';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { ApiTokenList } from './api-token-list';
import { CopyableLink } from './copyable-link';

/** A new token's secret, shown once with a Copy button, until Done. */
function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="space-y-2 rounded-md border border-primary/30 bg-primary/5 p-4">
      <CopyableLink
        id="api-token-secret"
        label={T.secretLabel}
        url={secret}
        copyLabel={T.copy}
        copiedMessage={T.copied}
      />
      <p className="text-sm text-muted-foreground">{T.secretHint}</p>
      <Button type="button" variant="outline" size="sm" onClick={onDone}>
        {T.done}
      </Button>
    </div>
  );
}

/** Name, access and expiry of a new token; the server's messages go under the fields they name. */
function CreateTokenForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<string>(API_TOKEN_EXPIRY_CHOICES[1].value);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = API_TOKEN_EXPIRY_CHOICES.find((choice) => choice.value === expiry)?.days ?? null;
    create.mutate(
      { name, scope, expiresInDays: days },
      {
        onSuccess: (created) => {
          setErrors({});
          setName('');
          notifySuccess(T.created);
          onCreated(created.secret);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.body?.fieldErrors ?? {}) : {};
          setErrors(
            Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? ''])),
          );
          if (Object.keys(fields).length === 0) notifyFailure(T.createFailed, error);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr] sm:items-start">
      <TextField
        id="api-token-name"
        label={T.name}
        placeholder={T.namePlaceholder}
        autoComplete="off"
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <FormField id="api-token-scope" label={T.scope} error={errors.scope}>
        <Select value={scope} onValueChange={(value) => setScope(value as ApiTokenScope)}>
          <SelectTrigger {...fieldAria('api-token-scope', errors.scope)}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {API_TOKEN_SCOPES.map((value) => (
              <SelectItem key={value} value={value}>
                {API_TOKEN_SCOPE_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <FormField id="api-token-expiry" label={T.expiry} error={errors.expiresInDays}>
        <Select value={expiry} onValueChange={setExpiry}>
          <SelectTrigger {...fieldAria('api-token-expiry', errors.expiresInDays)}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {API_TOKEN_EXPIRY_CHOICES.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <Button type="submit" className="sm:col-span-3 sm:justify-self-start" disabled={create.isPending}>
        {create.isPending && <Spinner />}
        {create.isPending ? T.creating : T.create}
      </Button>
    </form>
  );
}

/** Settings → Security → API Tokens (issue 43), every user's own: make one (its secret once), revoke. */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [secret, setSecret] = useState<string | null>(null);
  useSessionExpiryRedirect(tokens.error);
  return (
    <SectionCard title={T.title} icon={KeyRound} description={T.description}>
      <div className="space-y-5">
        {secret ? (
          <NewSecret secret={secret} onDone={() => setSecret(null)} />
        ) : (
          <CreateTokenForm onCreated={setSecret} />
        )}
        {tokens.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : tokens.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessageOf(tokens.error) ?? T.loadFailed}
          </p>
        ) : (
          <ApiTokenList tokens={tokens.data} emptyText={T.empty} />
        )}
        <a href="/api-docs" className="inline-block text-sm font-medium text-primary hover:underline">
          API reference: every route a token can call
        </a>
      </div>
    </SectionCard>
  );
}

/** Settings → Team → API Tokens (issue 43), for admins: everyone's tokens, each revocable. */
export function TeamApiTokensCard() {
  const tokens = useTeamApiTokens();
  useSessionExpiryRedirect(tokens.error);
  return (
    <SectionCard title={T.title} icon={KeyRound} description={T.teamDescription}>
      {tokens.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : tokens.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(tokens.error) ?? T.loadFailed}
        </p>
      ) : (
        <ApiTokenList tokens={tokens.data} team emptyText={T.teamEmpty} />
      )}
    </SectionCard>
  );
}
