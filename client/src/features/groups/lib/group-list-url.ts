import { NO_GROUP } from '@shared/contracts/tickets';
import { DEFAULT_FILTER_VALUES } from '@/lib/ticket-list/ticket-list-filters';
import { parseTicketListView, ticketListViewUrl } from '@/lib/ticket-list/ticket-list-url';

/**
 * The list of a group's tickets: `/tickets?group={id}`, the default statuses (open and in progress),
 * so the list's total is the group's open count the sidebar shows beside the link.
 */
export const groupListHref = (groupId: string): string =>
  ticketListViewUrl({
    values: { ...DEFAULT_FILTER_VALUES, groups: [groupId] },
    page: 1,
    search: '',
    sort: {},
    ticket: null,
    deleted: false,
  });

/**
 * The group the list at `search` is filtered by, when it is filtered by exactly one (whatever its
 * other filters): the sidebar marks that group. The Trash, and the tickets in no group, are no group's
 * list.
 */
export function groupOfList(search: string): string | undefined {
  const view = parseTicketListView(search);
  const groups = view.values.groups;
  return !view.deleted && groups?.length === 1 && groups[0] !== NO_GROUP ? groups[0] : undefined;
}
