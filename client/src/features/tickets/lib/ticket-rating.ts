import type { CsatScore, TicketRating } from '@shared/contracts/portal';

export interface AnsweredRating {
  score: CsatScore;
  comment: string | null;
}

/**
 * The rating the ticket shows: the latest answered one (a close whose email is unanswered has no
 * score yet); undefined when none was answered. The list comes newest first, but the answers are
 * compared by their own instants, so an order the server did not keep still finds the latest.
 */
export function latestAnsweredRating(
  ratings: readonly TicketRating[] | undefined,
): AnsweredRating | undefined {
  let latest: TicketRating | undefined;
  for (const rating of ratings ?? []) {
    if (rating.score === null || rating.answeredAt === null) continue;
    if (!latest || Date.parse(rating.answeredAt) > Date.parse(latest.answeredAt!)) latest = rating;
  }
  if (!latest?.score) return undefined;
  const comment = latest.comment?.trim();
  return { score: latest.score, comment: comment ? comment : null };
}
