import { Mail } from 'lucide-react';
import { SectionCard } from '@/components/ui/section-card';
import { useTicketMessages } from '../../api/get-ticket-messages';
import { MessageAttachments } from './message-attachments';

/** The files that came with the ticket's first message, from the conversation's own (cached) query. */
function FirstMessageFiles({ ticketId }: { ticketId: string }) {
  const messages = useTicketMessages(ticketId);
  const first = messages.data?.[0];
  return first ? <MessageAttachments attachments={first.attachments} /> : null;
}

/**
 * The message as the server converted it to plain text (HTML stripped with html-to-text, anything
 * before an "[EXTERNAL]" marker dropped), with the files it came with. Rendered as text only, whatever
 * the sender put in the body. The Conversation below starts after it.
 */
export function MessageCard({ ticketId, bodyText }: { ticketId: string; bodyText: string }) {
  return (
    <SectionCard title="Message" icon={Mail}>
      {bodyText ? (
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{bodyText}</p>
      ) : (
        <p className="text-sm text-muted-foreground">No message text.</p>
      )}
      <FirstMessageFiles ticketId={ticketId} />
    </SectionCard>
  );
}
