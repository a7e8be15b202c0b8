import { Info, Reply } from 'lucide-react';
import { useId, useState } from 'react';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '@shared/contracts/messages';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useEmailConfigured } from '../../api/get-email-status';
import { useSendTicketReply } from '../../api/send-ticket-reply';
import { notifyReplyFailed, notifyReplyQueued } from '../../lib/conversation-toasts';
import { addReplyFiles } from '../../lib/reply-attachments';
import { reportTyping, stopTyping } from '../../lib/typing-presence';
import { useDraft } from '../../lib/use-draft';
import { ReplyFiles } from './reply-files';
import { ReplyTextarea } from './reply-textarea';
import type { TicketActionProps } from './ticket-action-props';

/** The reply form: text, files, "Send Reply". The reply shows in the Conversation as soon as it is stored. */
function ReplyForm({ ticket, guardedSave, checking, surface }: TicketActionProps) {
  const id = useId();
  // Kept in the browser until sent (issue 26); files are not (a browser cannot keep them).
  const [text, setText] = useDraft('reply', ticket.id);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const send = useSendTicketReply();
  const body = text.trim();
  const busy = checking || send.isPending;

  const choose = (chosen: File[]) => {
    const added = addReplyFiles(files, chosen);
    setFiles(added.files);
    setRefused(added.refused);
  };
  const remove = (index: number) => {
    setFiles((current) => current.filter((_, position) => position !== index));
    setRefused([]);
  };

  const submit = () =>
    guardedSave(() =>
      send.mutate(
        { id: ticket.id, body, files },
        {
          onSuccess: ({ statusChange }) => {
            setText('');
            stopTyping(ticket.id);
            setFiles([]);
            setRefused([]);
            notifyReplyQueued(statusChange);
          },
          onError: (error) => notifyReplyFailed(error, surface),
        },
      ),
    );

  const recipient = ticket.fromName.trim() || ticket.fromEmail;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (body !== '' && !busy) void submit();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Reply text
      </Label>
      <ReplyTextarea
        id={id}
        ticketId={ticket.id}
        guardedSave={guardedSave}
        surface={surface}
        value={text}
        onValueChange={(value) => {
          setText(value);
          reportTyping(ticket.id, value);
        }}
        placeholder={MESSAGE_TEXTS.replyPlaceholder(recipient)}
        maxLength={MESSAGE_LIMITS.body}
        readOnly={send.isPending}
        rows={5}
      />
      <ReplyFiles files={files} refused={refused} onChoose={choose} onRemove={remove} disabled={busy} />
      <Button type="submit" className="w-full" disabled={body === '' || busy}>
        {send.isPending && <Spinner />}
        {send.isPending ? MESSAGE_TEXTS.sendingReply : MESSAGE_TEXTS.sendReply}
      </Button>
    </form>
  );
}

function ReplyBody(props: TicketActionProps) {
  const configured = useEmailConfigured();
  useSessionExpiryRedirect(configured.error);
  if (configured.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  // A failed read still offers the form: the server answers 503 if email is not set up after all.
  if (configured.data === false) {
    return (
      <p className="flex gap-2 rounded-md border bg-muted p-3 text-sm">
        <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {MESSAGE_TEXTS.emailNotConfigured}
      </p>
    );
  }
  return <ReplyForm {...props} />;
}

/** An email to the requester (right column, above Add Notes); notes stay internal. */
export function ReplyCard(props: TicketActionProps) {
  return (
    <SectionCard title={MESSAGE_TEXTS.replyTitle} icon={Reply}>
      <ReplyBody {...props} />
    </SectionCard>
  );
}
