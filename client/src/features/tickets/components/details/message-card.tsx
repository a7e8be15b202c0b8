import { Mail } from 'lucide-react';
import { SectionCard } from '@/components/ui/section-card';

/**
 * The message as the server converted it to plain text (HTML stripped with html-to-text, anything
 * before an "[EXTERNAL]" marker dropped). Rendered as text only, whatever the sender put in the body.
 */
export function MessageCard({ bodyText }: { bodyText: string }) {
  return (
    <SectionCard title="Message" icon={Mail}>
      {bodyText ? (
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{bodyText}</p>
      ) : (
        <p className="text-sm text-muted-foreground">No message text.</p>
      )}
    </SectionCard>
  );
}
