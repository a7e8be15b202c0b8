import { FileText, Paperclip } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type {
  PortalFieldsResponse,
  PortalMessage,
  PortalTicketDetailResponse,
} from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { serverFieldErrors } from '@/lib/field-errors';
import { cn } from '@/lib/utils';
import { getPortalFields, getPortalTicket, sendPortalReply } from '../api/portal-api';
import { formatBytes } from '@shared/format-bytes';
import { formatCustomFieldValue } from '@shared/contracts/ticket-field-format';
import { portalAttachmentUrl } from '../lib/portal-paths';
import { isClosedStatus, PORTAL_TEXTS } from '../lib/portal-texts';
import { isStatus, useLoad, useSessionLost } from '../lib/use-load';
import { failureMessage, PortalLoadError, PortalLoading } from './load-state';
import { PortalFiles } from './portal-files';
import { PortalStatusBadge } from './status-badge';
import { When } from './when';
import { BackLink } from './back-link';

type PortalField = PortalFieldsResponse['fields'][number];

function Attachments({ attachments }: { attachments: PortalMessage['attachments'] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="mt-3 flex gap-2 border-t pt-3">
      <Paperclip className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <ul aria-label={PORTAL_TEXTS.attachments} className="min-w-0 flex-1 space-y-1">
        {attachments.map((attachment) => (
          <li key={attachment.id} className="min-w-0 text-sm">
            <a
              href={portalAttachmentUrl(attachment.id)}
              download={attachment.name}
              className="inline-flex max-w-full items-center gap-2 rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <FileText className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate" title={attachment.name}>
                {attachment.name}
              </span>
              <span className="shrink-0 text-muted-foreground">({formatBytes(attachment.size)})</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MessageItem({ message }: { message: PortalMessage }) {
  const mine = message.direction === 'inbound';
  const author = message.authorName || (mine ? PORTAL_TEXTS.you : PORTAL_TEXTS.helpDesk);
  return (
    <li>
      <article
        aria-label={author}
        className={cn('rounded-lg border p-4', mine ? 'bg-card' : 'border-primary/20 bg-primary/5')}
      >
        <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="text-sm font-semibold">
            {author}
            {mine && message.authorName && (
              <span className="ml-1.5 font-normal text-muted-foreground">({PORTAL_TEXTS.you})</span>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            <When iso={message.createdAt} />
          </p>
        </header>
        <p className="text-sm break-words whitespace-pre-wrap">{message.bodyText}</p>
        <Attachments attachments={message.attachments} />
      </article>
    </li>
  );
}

function Details({
  detail,
  fields,
}: {
  detail: PortalTicketDetailResponse['ticket'];
  fields: PortalField[];
}) {
  const entries = Object.entries(detail.customFields);
  if (entries.length === 0) return null;
  const byKey = new Map(fields.map((field) => [field.key, field]));
  // Fields in the admin's order, then any the list does not know (a field since made agent-only).
  const ordered = [
    ...fields.filter((field) => field.key in detail.customFields).map((field) => field.key),
    ...entries.map(([key]) => key).filter((key) => !byKey.has(key)),
  ];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{PORTAL_TEXTS.details}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {ordered.map((key) => {
            const field = byKey.get(key);
            return (
              <div key={key} className="min-w-0">
                <dt className="text-muted-foreground">{field?.label ?? key}</dt>
                <dd className="font-medium break-words">
                  {formatCustomFieldValue(field, detail.customFields[key]!)}
                </dd>
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}

function ReplyForm({
  ticketId,
  closed,
  onSent,
}: {
  ticketId: string;
  closed: boolean;
  onSent: (message: PortalMessage) => void;
}) {
  const titleId = useId();
  const errorId = useId();
  const sessionLost = useSessionLost();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    setSent(false);
    try {
      const { message } = await sendPortalReply(ticketId, text, files);
      setText('');
      setFiles([]);
      setSent(true);
      onSent(message);
    } catch (error) {
      if (isStatus(error, 401)) return sessionLost();
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      if (!fieldErrors.text && !fieldErrors.files) setFailure(failureMessage(error, PORTAL_TEXTS.sendFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="text-base">
          {PORTAL_TEXTS.reply}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
          {closed && <p className="text-sm text-muted-foreground">{PORTAL_TEXTS.closedNote}</p>}
          <div className="space-y-2">
            <Textarea
              aria-labelledby={titleId}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSent(false);
              }}
              rows={5}
              disabled={busy}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? errorId : undefined}
            />
            {errors.text && (
              <p id={errorId} className="text-sm text-destructive">
                {errors.text}
              </p>
            )}
          </div>
          <PortalFiles files={files} onChange={setFiles} disabled={busy} error={errors.files} />
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p role="status" className="text-sm text-muted-foreground">
              {sent ? PORTAL_TEXTS.replySent : ''}
            </p>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              {busy ? PORTAL_TEXTS.sendingReply : PORTAL_TEXTS.sendReply}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

async function loadTicket(id: string, signal: AbortSignal) {
  // The fields only name the values: without them the page still shows, with the keys.
  const [detail, fields] = await Promise.all([
    getPortalTicket(id, { signal }),
    getPortalFields({ signal }).then(
      (answer) => answer.fields,
      () => [] as PortalField[],
    ),
  ]);
  return { detail, fields };
}

/** /portal/tickets/{id}: the ticket, its conversation oldest first, and the reply box. */
export function TicketPage({ id }: { id: string }) {
  const { loaded, retry, update, refresh } = useLoad(`ticket ${id}`, (signal) => loadTicket(id, signal), {
    signedIn: true,
  });

  if (loaded.state === 'loading') return <PortalLoading />;
  if (loaded.state === 'error') {
    return (
      <div className="space-y-4">
        <BackLink />
        <PortalLoadError error={loaded.error} onRetry={isStatus(loaded.error, 404) ? undefined : retry} />
      </div>
    );
  }
  const { ticket, messages } = loaded.data.detail;
  const added = (message: PortalMessage) => {
    update((data) => ({ ...data, detail: { ...data.detail, messages: [...data.detail.messages, message] } }));
    // A reply reopens a closed ticket: the status follows.
    void refresh();
  };
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackLink />
        <h1 className="text-2xl font-bold tracking-tight break-words">{ticket.subject}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="font-medium">{ticket.ticketNumber}</span>
          <PortalStatusBadge status={ticket.status} />
          <span>
            <When iso={ticket.createdAt} prefix={PORTAL_TEXTS.opened} />
          </span>
        </div>
      </div>
      <Details detail={ticket} fields={loaded.data.fields} />
      <section aria-labelledby="portal-conversation" className="space-y-3">
        <h2 id="portal-conversation" className="text-lg font-semibold tracking-tight">
          {PORTAL_TEXTS.conversation}
        </h2>
        {messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PORTAL_TEXTS.noMessages}</p>
        ) : (
          <ol aria-label={PORTAL_TEXTS.conversationList} className="space-y-3">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ol>
        )}
      </section>
      <ReplyForm ticketId={ticket.id} closed={isClosedStatus(ticket.status)} onSent={added} />
    </div>
  );
}
