import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { CSAT_SCORE_LABELS } from '@shared/contracts/portal';
import { Badge } from '@/components/ui/badge';
import { useTicketRatings } from '../../api/get-ticket-ratings';
import { latestAnsweredRating } from '../../lib/ticket-rating';

export const TICKET_RATING_TEXTS = { label: 'Rating' } as const;

/**
 * The requester's latest answered rating (issue 41) as a line of Ticket Information: Good or Bad and
 * the comment in quotes. Nothing while none is answered, or when the ratings cannot be read.
 */
export function TicketRatingField({ ticketId }: { ticketId: string }) {
  const ratings = useTicketRatings(ticketId);
  const rating = latestAnsweredRating(ratings.data);
  if (!rating) return null;
  const Icon = rating.score === 'good' ? ThumbsUp : ThumbsDown;
  return (
    <div className="space-y-1 sm:col-span-2">
      <dt className="text-sm font-medium text-muted-foreground">{TICKET_RATING_TEXTS.label}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm break-words">
        <Badge variant={rating.score === 'good' ? 'green' : 'red'} className="self-center">
          <Icon className="size-3" aria-hidden="true" />
          {CSAT_SCORE_LABELS[rating.score]}
        </Badge>
        {rating.comment && <q className="min-w-0 italic">{rating.comment}</q>}
      </dd>
    </div>
  );
}
