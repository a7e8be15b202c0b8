import { Mails } from 'lucide-react';
import { MESSAGE_TEXTS, type TicketMessage } from '@shared/contracts/messages';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { type UnauthorizedSurface, useSessionExpiryRedirect } from '@/components/session-expiry';
import { useTicketMessages } from '../../api/get-ticket-messages';
import { useRetryTicketMessage } from '../../api/retry-ticket-message';
import { notifyReplyFailed, notifyReplyQueued } from '../../lib/conversation-toasts';
import { ConversationMessage } from './conversation-message';

interface ConversationCardProps {
  ticketId: string;
  surface: UnauthorizedSurface;
}

function ConversationBody({ ticketId, surface }: ConversationCardProps) {
  const messages = useTicketMessages(ticketId);
  useSessionExpiryRedirect(messages.error);
  const retry = useRetryTicketMessage();

  if (messages.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (messages.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="alert" className="text-sm text-destructive">
          {MESSAGE_TEXTS.conversationError}
        </p>
        <Button size="sm" variant="outline" onClick={() => void messages.refetch()}>
          {MESSAGE_TEXTS.retry}
        </Button>
      </div>
    );
  }
  // The first message is the ticket's own (the server always puts it first): the Message card above
  // shows it, with its files, so it is not shown a second time here (issue 37).
  const later = messages.data.slice(1);
  if (later.length === 0) {
    return <p className="text-sm text-muted-foreground">{MESSAGE_TEXTS.conversationEmpty}</p>;
  }

  const retryMessage = (message: TicketMessage) =>
    retry.mutate(
      { ticketId, messageId: message.id },
      { onSuccess: () => notifyReplyQueued(), onError: (error) => notifyReplyFailed(error, surface) },
    );
  return (
    <ol className="space-y-4" aria-label="Email messages, oldest first">
      {later.map((message) => (
        <ConversationMessage
          key={message.id}
          message={message}
          onRetry={retryMessage}
          retrying={retry.isPending && retry.variables.messageId === message.id}
        />
      ))}
    </ol>
  );
}

/**
 * The ticket's email thread after its first message (left column, below Message): the agents' replies
 * and the requester's later emails, oldest first. Refreshed with the ticket, and every few seconds
 * while a reply is on its way.
 */
export function ConversationCard(props: ConversationCardProps) {
  return (
    <SectionCard title={MESSAGE_TEXTS.conversationTitle} icon={Mails}>
      <ConversationBody {...props} />
    </SectionCard>
  );
}
