import { RotateCcw } from 'lucide-react';
import { MESSAGE_TEXTS, type TicketMessage } from '@shared/contracts/messages';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { MessageAttachments } from './message-attachments';
import { MessageDeliveryStatus } from './message-delivery-status';
import { Timestamp } from './timestamp';

interface ConversationMessageProps {
  message: TicketMessage;
  onRetry: (message: TicketMessage) => void;
  /** This message's retry is under way. */
  retrying: boolean;
}

/** Why a reply failed, with "Retry"; or, while it waits to be tried again, the last transient failure. */
function DeliveryProblem({ message, onRetry, retrying }: ConversationMessageProps) {
  if (message.status === 'failed') {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
        <p className="min-w-0 break-words">{message.error ?? MESSAGE_TEXTS.failed}</p>
        <Button size="sm" variant="outline" onClick={() => onRetry(message)} disabled={retrying}>
          {retrying ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          {MESSAGE_TEXTS.retry}
        </Button>
      </div>
    );
  }
  if (message.status === 'queued' && message.error) {
    return <p className="mt-3 text-xs break-words text-muted-foreground">{message.error}</p>;
  }
  return null;
}

/**
 * One email: who wrote it, when, whether it came in or went out (and how its delivery stands), its
 * text and its files. The text is the server's plain-text version, shown as text with its line
 * breaks and spaces, never as HTML.
 */
export function ConversationMessage(props: ConversationMessageProps) {
  const { message } = props;
  const outbound = message.direction === 'outbound';
  const name = message.fromName.trim();
  return (
    <li
      className={cn(
        'min-w-0 rounded-md border p-4',
        outbound ? 'border-blue-200 bg-blue-50/60 sm:ml-10' : 'bg-card sm:mr-10',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-0.5">
          <p className="text-sm break-words">
            {name ? (
              <>
                <span className="font-medium">{name}</span>{' '}
                <span className="text-muted-foreground">&lt;{message.fromEmail}&gt;</span>
              </>
            ) : (
              <span className="font-medium">{message.fromEmail}</span>
            )}
          </p>
          <p className="text-xs break-words text-muted-foreground">
            <Timestamp iso={message.createdAt} />
            {message.to && <> · to {message.to}</>}
          </p>
        </div>
        <MessageDeliveryStatus message={message} />
      </div>
      <DeliveryProblem {...props} />
      {message.bodyText && (
        <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-wrap">{message.bodyText}</p>
      )}
      <MessageAttachments attachments={message.attachments} />
    </li>
  );
}
