import { Mail } from 'lucide-react';
import { useMemo } from 'react';
import { DetailCard } from './detail-card';
import { messageText } from './message-text';

/** The body as plain text: never rendered as HTML, whatever the sender put in it. */
export function MessageCard({ body }: { body: string }) {
  // Parsing a long HTML body is not free; the poll re-renders the detail often with the same body.
  const text = useMemo(() => messageText(body), [body]);
  return (
    <DetailCard title="Message" icon={Mail}>
      {text ? (
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{text}</p>
      ) : (
        <p className="text-sm text-muted-foreground">No message text.</p>
      )}
    </DetailCard>
  );
}
