import { useId, useState } from 'react';
import {
  HARVEST_USERS_TEXTS as T,
  type HarvestMapping,
  type HarvestUser,
} from '@shared/contracts/harvest-users';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useHarvestMapping } from '../api/get-harvest-mapping';
import { useHarvestUsers } from '../api/get-harvest-users';
import { useMatchHarvestUsers } from '../api/match-harvest-users';
import { useSaveHarvestMapping } from '../api/save-harvest-mapping';
import { notifyFailure, notifySuccess, serverMessageOf, SETTINGS_TOASTS } from '../lib/settings-toasts';
import { Heading } from '@/components/ui/heading';

/** Radix select items cannot have an empty value: this one stands for "no Harvest user" (null). */
const NOT_MATCHED = 'none';
const SKELETON_ROWS = 3;

/**
 * On a phone each agent stacks (name and email, then the select) rather than squeezing two columns
 * into the card. Safari forgets a table's semantics once its parts stop being displayed as table
 * parts, so they carry their roles explicitly.
 */
const STACKED = {
  table: { role: 'table', className: 'table-fixed max-sm:block' },
  header: { role: 'rowgroup', className: 'max-sm:sr-only' },
  body: { role: 'rowgroup', className: 'max-sm:block' },
  row: { role: 'row', className: 'hover:bg-transparent max-sm:block max-sm:py-2' },
  cell: { role: 'cell', className: 'max-sm:block max-sm:px-0 max-sm:py-1' },
} as const;

const agentName = (mapping: HarvestMapping) =>
  [mapping.firstName, mapping.lastName].filter(Boolean).join(' ') || mapping.email;

const harvestUserLabel = (user: HarvestUser) => `${user.firstName} ${user.lastName} (${user.email})`;

/** What the Harvest User column can offer: the users once listed, or why it cannot offer them. */
type HarvestUserChoices =
  { state: 'loading' } | { state: 'refused' } | { state: 'ready'; users: readonly HarvestUser[] };

/**
 * The agent's Harvest user as a select that saves on change. While saving it is aria-disabled rather
 * than disabled: a disabled button drops the keyboard focus the choice was just made with.
 */
function HarvestUserSelect({
  mapping,
  users,
  labelledBy,
}: {
  mapping: HarvestMapping;
  users: readonly HarvestUser[];
  labelledBy: string;
}) {
  const save = useSaveHarvestMapping();
  const [open, setOpen] = useState(false);
  // While saving, the select shows the choice being saved rather than jumping back to the old one.
  const shownId = save.isPending ? save.variables.harvestUserId : mapping.harvestUserId;
  // A mapped user Harvest no longer lists (deactivated, say) still shows, by number.
  const unlisted = shownId !== null && !users.some((user) => user.id === shownId) ? shownId : null;

  const choose = (next: string) => {
    // Typing a letter on the closed trigger chooses too, so the pending save is guarded here as well.
    if (save.isPending) return;
    const harvestUserId = next === NOT_MATCHED ? null : Number(next);
    if (harvestUserId === mapping.harvestUserId) return;
    save.mutate(
      { userId: mapping.userId, harvestUserId },
      {
        onSuccess: () => notifySuccess(harvestUserId === null ? T.mappingCleared : T.mappingSaved),
        onError: (error) => notifyFailure(SETTINGS_TOASTS.settingsFailed, error),
      },
    );
  };

  return (
    // Wrapped: a Radix select appends a hidden native select beside its trigger.
    <div>
      <Select
        value={shownId === null ? NOT_MATCHED : String(shownId)}
        onValueChange={choose}
        open={open && !save.isPending}
        onOpenChange={(next) => setOpen(next && !save.isPending)}
      >
        <SelectTrigger
          aria-labelledby={labelledBy}
          aria-disabled={save.isPending || undefined}
          aria-busy={save.isPending || undefined}
          // The chosen user's label is cut short with an ellipsis rather than widening the table.
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 [&>span]:block [&>span]:truncate"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOT_MATCHED}>{T.notMapped}</SelectItem>
          {unlisted !== null && <SelectItem value={String(unlisted)}>{T.userNumber(unlisted)}</SelectItem>}
          {users.map((user) => (
            <SelectItem key={user.id} value={String(user.id)}>
              {harvestUserLabel(user)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** An address that wraps before its "@" when the column is narrow, rather than anywhere in it. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function MappingRow({ mapping, choices }: { mapping: HarvestMapping; choices: HarvestUserChoices }) {
  const nameId = useId();
  const name = agentName(mapping);
  return (
    <TableRow {...STACKED.row}>
      <TableCell {...STACKED.cell}>
        <p id={nameId} className="font-medium break-words">
          {name}
        </p>
        {name !== mapping.email && (
          <p className="break-words text-muted-foreground">
            <EmailAddress email={mapping.email} />
          </p>
        )}
      </TableCell>
      <TableCell {...STACKED.cell}>
        {choices.state === 'loading' && <Skeleton className="h-9 w-full" />}
        {/* Harvest's names are unknown without the list: the mapping shows read-only, by number. */}
        {choices.state === 'refused' && (
          <span className={mapping.harvestUserId === null ? 'text-muted-foreground' : undefined}>
            {mapping.harvestUserId === null ? T.notMapped : T.userNumber(mapping.harvestUserId)}
          </span>
        )}
        {choices.state === 'ready' && (
          <HarvestUserSelect mapping={mapping} users={choices.users} labelledBy={nameId} />
        )}
      </TableCell>
    </TableRow>
  );
}

function MappingSkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <TableRow key={row} data-testid="harvest-mapping-skeleton-row" {...STACKED.row}>
      <TableCell {...STACKED.cell}>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-1.5 h-4 w-40" />
      </TableCell>
      <TableCell {...STACKED.cell}>
        <Skeleton className="h-9 w-full" />
      </TableCell>
    </TableRow>
  ));
}

/**
 * Settings → Harvest Integration, for admins once credentials are saved: the Harvest user each agent's
 * hours go under, changed one row at a time, and Match Users to match them all by email. When the token
 * may not list Harvest's users, the server's reason shows and the mappings stay readable.
 */
export function HarvestUsersTable() {
  const headingId = useId();
  const descriptionId = useId();
  const mapping = useHarvestMapping({ enabled: true });
  const users = useHarvestUsers({ enabled: true });
  const match = useMatchHarvestUsers();
  useSessionExpiryRedirect(mapping.error ?? users.error);

  const choices: HarvestUserChoices = users.isPending
    ? { state: 'loading' }
    : users.isError
      ? { state: 'refused' }
      : { state: 'ready', users: users.data.users };

  const matchByEmail = () =>
    match.mutate(undefined, {
      onSuccess: (result) => notifySuccess(T.matched(result.matched)),
      onError: (error) => notifyFailure(SETTINGS_TOASTS.settingsFailed, error),
    });

  return (
    <div role="group" aria-labelledby={headingId} aria-describedby={descriptionId} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <Heading id={headingId} className="text-sm font-semibold">
            {T.title}
          </Heading>
          <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
            {T.description}
          </p>
        </div>
        <Button variant="outline" onClick={matchByEmail} disabled={match.isPending}>
          {match.isPending && <Spinner />}
          {match.isPending ? T.matching : T.match}
        </Button>
      </div>
      {users.isError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {serverMessageOf(users.error) ?? T.loadFailed}
        </p>
      )}
      {mapping.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(mapping.error) ?? T.loadFailed}
        </p>
      ) : (
        // Fixed layout: the columns share the card's width however long a name or an email is.
        <Table aria-labelledby={headingId} aria-busy={mapping.isPending || undefined} {...STACKED.table}>
          <TableHeader {...STACKED.header}>
            <TableRow {...STACKED.row}>
              <TableHead role="columnheader" className="w-2/5">
                {T.agent}
              </TableHead>
              <TableHead role="columnheader">{T.harvestUser}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody {...STACKED.body}>
            {mapping.isPending ? (
              <MappingSkeletonRows />
            ) : mapping.data.mappings.length === 0 ? (
              <TableRow {...STACKED.row}>
                <TableCell colSpan={2} role={STACKED.cell.role} className="text-center text-muted-foreground">
                  {T.noAgents}
                </TableCell>
              </TableRow>
            ) : (
              mapping.data.mappings.map((row) => (
                <MappingRow key={row.userId} mapping={row} choices={choices} />
              ))
            )}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
