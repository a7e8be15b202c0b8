import type { UserSummary } from '@shared/contracts/users';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { fullName, initials } from '@/lib/utils';

interface TeamMemberProps {
  user: UserSummary;
  /** Active tickets assigned to the user; undefined while the counts load. */
  ticketCount: number | undefined;
}

export function TeamMember({ user, ticketCount }: TeamMemberProps) {
  const name = fullName(user.firstName, user.lastName, user.name);
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar className="size-9">
        <AvatarFallback aria-hidden="true">{initials(user.firstName, user.lastName)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <span aria-hidden="true" className="size-2 rounded-full bg-success" />
          Available
        </p>
      </div>
      <Badge variant="secondary" title="Assigned tickets">
        {ticketCount ?? '…'}
        <span className="sr-only"> assigned tickets</span>
      </Badge>
    </li>
  );
}
