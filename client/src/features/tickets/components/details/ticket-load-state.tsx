import { LoadingScreen } from '@/components/loading-screen';
import { ApiError } from '@/lib/api-client';

/** A malformed id (400) cannot name a ticket either, so it reads as missing too. */
const isMissingTicket = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** What shows instead of the ticket: loading, "Ticket not found" (spec §2), or a failed load. */
export function TicketLoadState({ error }: { error: unknown }) {
  if (!error) return <LoadingScreen />;
  return (
    <p role="alert" className="py-16 text-center text-muted-foreground">
      {isMissingTicket(error) ? 'Ticket not found' : 'The ticket could not be loaded.'}
    </p>
  );
}
