import { Inbox, Lock } from 'lucide-react';
import { useId } from 'react';
import { POLL_INTERVALS_MS } from '@shared/constants';
import { GROUP_TEXTS as TEXTS, type Group } from '@shared/contracts/groups';
import { SidebarCountLink } from '@/components/layout/sidebar-count-link';
import { maySeeGroup, useGroups, useGroupViewer } from '@/lib/groups';
import { groupListHref } from '../lib/group-list-url';
import { useActiveGroupId } from '../lib/use-active-group';

interface SidebarGroupsProps {
  /** A saved view is the list's: the Views section marks it, so no group is marked besides. */
  viewShown: boolean;
}

/**
 * The sidebar's Groups section (issue 39), under the saved views and drawn as they are: each group a
 * link to its list with its open count, polled as the views' counts are. A help desk without groups
 * (or before they are read, or if they cannot be) has no section at all, as before groups existed.
 * Only the groups the user may see are listed: a private group they are not in would always read 0
 * and open an empty list.
 */
export function SidebarGroups({ viewShown }: SidebarGroupsProps) {
  const { data: allGroups } = useGroups({ refetchInterval: POLL_INTERVALS_MS.ticketList });
  const viewer = useGroupViewer();
  const groups = viewer ? allGroups?.filter((group) => maySeeGroup(group, viewer)) : allGroups;
  const activeId = useActiveGroupId();
  const labelId = useId();
  if (!groups?.length) return null;
  return (
    <nav aria-labelledby={labelId} className="border-t p-2 md:p-3" data-testid="sidebar-groups">
      {/* Padding outside the sr-only boxes: not-sr-only resets their own padding to 0. */}
      <div className="md:px-3 md:pb-1">
        <p
          id={labelId}
          className="sr-only text-xs font-semibold tracking-wide text-muted-foreground uppercase md:not-sr-only"
        >
          {TEXTS.sidebarSection}
        </p>
      </div>
      <ul className="space-y-1">
        {groups.map((group) => (
          <GroupItem key={group.id} group={group} active={!viewShown && group.id === activeId} />
        ))}
      </ul>
    </nav>
  );
}

function GroupItem({ group, active }: { group: Group; active: boolean }) {
  return (
    <li>
      <SidebarCountLink
        href={groupListHref(group.id)}
        name={group.name}
        icon={group.private ? Lock : Inbox}
        active={active}
        count={{
          shown: String(group.openTickets),
          unit: TEXTS.openUnit(group.openTickets),
          testId: 'group-count',
        }}
      />
    </li>
  );
}
