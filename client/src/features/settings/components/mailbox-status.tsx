import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import { useId } from 'react';
import {
  EMAIL_SETTINGS_TEXTS,
  type MailboxStatus,
  type SkippedMessage,
} from '@shared/contracts/email-settings';
import { cn } from '@/lib/utils';
import { Heading } from '@/components/ui/heading';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Time({ iso }: { iso: string }) {
  const time = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(time.getTime()) ? iso : timeFormat.format(time)}</time>;
}

type FetchState = 'never' | 'failed' | 'fetched';

const FETCH_META = {
  never: { icon: CircleDashed, className: 'border-border bg-muted text-foreground' },
  failed: { icon: CircleAlert, className: 'border-red-200 bg-red-50 text-red-900' },
  fetched: { icon: CircleCheck, className: 'border-green-200 bg-green-50 text-green-900' },
} as const satisfies Record<FetchState, unknown>;

function fetchState(mailbox: MailboxStatus): FetchState {
  if (mailbox.lastError !== null) return 'failed';
  return mailbox.lastFetchAt === null ? 'never' : 'fetched';
}

function SkippedMessages({ messages }: { messages: SkippedMessage[] }) {
  const headingId = useId();
  return (
    <div className="space-y-2">
      <Heading id={headingId} className="text-sm font-medium">
        {EMAIL_SETTINGS_TEXTS.imapSkipped} ({messages.length})
      </Heading>
      <ul aria-labelledby={headingId} className="divide-y rounded-md border text-sm">
        {messages.map((message) => (
          // A uid is unique within the folder; `at` tells apart a message skipped again later.
          <li key={`${message.uid}-${message.at}`} className="min-w-0 space-y-0.5 px-3 py-2">
            <p className="font-medium break-words">
              {message.subject ?? (
                <span className="text-muted-foreground italic">{EMAIL_SETTINGS_TEXTS.imapNoSubject}</span>
              )}
            </p>
            <p className="break-words">{message.reason}</p>
            <p className="text-muted-foreground">
              {EMAIL_SETTINGS_TEXTS.imapUid(message.uid)} · <Time iso={message.at} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * How fetching from the saved mailbox goes: when it last ran, what it imported, why it failed, and
 * the messages it left in the mailbox because they could not be read. The first place to look when
 * mail sent to support never became a ticket.
 */
export function MailboxFetchStatus({ mailbox }: { mailbox: MailboxStatus }) {
  const state = fetchState(mailbox);
  const { icon: Icon, className } = FETCH_META[state];
  const lastFetch = mailbox.lastFetchAt && (
    <>
      {EMAIL_SETTINGS_TEXTS.imapLastFetch}: <Time iso={mailbox.lastFetchAt} />
    </>
  );
  return (
    <div className="space-y-3">
      <div role="status" className={cn('flex gap-3 rounded-md border p-3 text-sm', className)}>
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium break-words">
            {state === 'failed' && `${EMAIL_SETTINGS_TEXTS.imapLastError}: ${mailbox.lastError}`}
            {state === 'never' && EMAIL_SETTINGS_TEXTS.imapNeverFetched}
            {state === 'fetched' && lastFetch}
          </p>
          {state === 'failed' && lastFetch && (
            <p>
              {lastFetch} · {EMAIL_SETTINGS_TEXTS.imapImported(mailbox.lastImported)}
            </p>
          )}
          {state === 'fetched' && <p>{EMAIL_SETTINGS_TEXTS.imapImported(mailbox.lastImported)}</p>}
          <p>
            {EMAIL_SETTINGS_TEXTS.imapImportSince} <Time iso={mailbox.importSince} /> ·{' '}
            {EMAIL_SETTINGS_TEXTS.imapImportedTotal(mailbox.importedTotal)}
          </p>
        </div>
      </div>
      {mailbox.skipped.length > 0 && <SkippedMessages messages={mailbox.skipped} />}
    </div>
  );
}
