import { CircleAlert, CircleCheck, Clock, Inbox, type LucideIcon } from 'lucide-react';
import { MESSAGE_TEXTS, type MessageStatus, type TicketMessage } from '@shared/contracts/messages';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

interface StatusMeta {
  label: string;
  variant: NonNullable<BadgeProps['variant']>;
  icon: LucideIcon | null;
}

/** Each state in words and colour; the words alone say it (colour is a help, not the message). */
const STATUS_META = {
  received: { label: MESSAGE_TEXTS.received, variant: 'secondary', icon: Inbox },
  queued: { label: MESSAGE_TEXTS.queued, variant: 'yellow', icon: Clock },
  sending: { label: MESSAGE_TEXTS.sending, variant: 'blue', icon: null },
  sent: { label: MESSAGE_TEXTS.sent, variant: 'green', icon: CircleCheck },
  failed: { label: MESSAGE_TEXTS.failed, variant: 'red', icon: CircleAlert },
} as const satisfies Record<MessageStatus, StatusMeta>;

/**
 * "Received" for mail that came in; for a reply its delivery state. A reply's state is a polite live
 * region: "Sending..." turning into "Sent" or "Failed" is announced with whom it was for.
 */
export function MessageDeliveryStatus({ message }: { message: TicketMessage }) {
  const { label, variant, icon: Icon } = STATUS_META[message.status];
  const badge = (
    <Badge variant={variant}>
      {Icon ? <Icon className="size-3" aria-hidden="true" /> : <Spinner className="size-3" />}
      {label}
    </Badge>
  );
  if (message.direction === 'inbound') return badge;
  return (
    <span role="status" aria-atomic="true">
      <span className="sr-only">Reply to {message.to}: </span>
      {badge}
    </span>
  );
}
