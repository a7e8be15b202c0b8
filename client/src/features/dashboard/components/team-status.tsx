import { ChevronDown, Users } from 'lucide-react';
import { POLL_INTERVALS_MS } from '@shared/constants';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Skeleton } from '@/components/ui/skeleton';
import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';
import { useUsers } from '@/lib/users';
import { useTicketCounts } from '../api/get-ticket-counts';
import { TeamMember } from './team-member';

function TeamList() {
  // Polled every 30 s on the dashboard (spec §7): new colleagues appear without a reload.
  const users = useUsers({ refetchInterval: POLL_INTERVALS_MS.dashboardUsers });
  const counts = useTicketCounts();
  useSessionExpiryRedirect(users.error);
  useSessionExpiryRedirect(counts.error);

  if (users.isPending) {
    return (
      <div aria-busy="true" className="space-y-3 py-3">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (users.isError) {
    return <p className="py-3 text-sm text-destructive">{users.error.message}</p>;
  }
  // A large team scrolls past 20 rem: the box is then a named tab stop, scrolled with the arrow keys.
  return (
    <div
      role="region"
      aria-label="Team members list"
      tabIndex={0}
      className={cn('max-h-80 overflow-y-auto rounded-sm', focusRing)}
    >
      <ul aria-label="Team members" className="divide-y">
        {users.data.map((user) => (
          <TeamMember
            key={user.id}
            user={user}
            ticketCount={counts.isSuccess ? (counts.data.get(user.id) ?? 0) : undefined}
          />
        ))}
      </ul>
    </div>
  );
}

/** A collapsible panel: each user with initials, name, "Available" and their assigned ticket count. */
export function TeamStatus() {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <Card>
        <CardHeader className="p-4">
          <CardTitle className="text-base">
            <CollapsibleTrigger
              className={cn('flex w-full items-center justify-between gap-2 rounded-sm text-left', focusRing)}
            >
              <span className="flex items-center gap-2">
                <Users aria-hidden="true" className="size-4 text-primary" />
                Team Status
              </span>
              <ChevronDown
                aria-hidden="true"
                className={cn('size-4 transition-transform', open && 'rotate-180')}
              />
            </CollapsibleTrigger>
          </CardTitle>
        </CardHeader>
        <CollapsibleContent>
          <CardContent className="px-4 pt-0 pb-2">
            <TeamList />
          </CardContent>
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}
