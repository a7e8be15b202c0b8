import { useLocation, useSearch } from 'wouter';
import { paths } from '@/lib/paths';
import { useGroups } from '@/lib/groups';
import { groupOfList } from './group-list-url';

/**
 * The group whose list is shown, if any (one of the groups, the list filtered by it alone): the
 * sidebar's Groups section marks it, and the spec's links (All Tickets) then not.
 */
export function useActiveGroupId(): string | undefined {
  const [location] = useLocation();
  const search = useSearch();
  const { data: groups } = useGroups();
  if (location !== paths.tickets || !groups?.length) return undefined;
  const id = groupOfList(search);
  return groups.some((group) => group.id === id) ? id : undefined;
}
