import { GitMerge } from 'lucide-react';
import { Link } from 'wouter';
import { MERGE_TEXTS } from '@shared/contracts/ticket-merge';
import { ticketDetailsPath } from '@/lib/paths';
import { useTicket } from '../../api/get-ticket';

/** "Merged into T-…", linking to the ticket this one was merged into. */
export function MergedBanner({ targetId }: { targetId: string }) {
  const target = useTicket(targetId);
  return (
    <p role="status" className="flex items-center gap-2 rounded-md border bg-muted p-3 text-sm">
      <GitMerge className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {MERGE_TEXTS.mergedInto}{' '}
      <Link
        href={ticketDetailsPath(targetId)}
        className="font-medium text-primary-strong underline underline-offset-2"
      >
        {target.data?.ticketNumber ?? '…'}
      </Link>
    </p>
  );
}
