import { UserRound } from 'lucide-react';
import { HARVEST_USERS_TEXTS as T } from '@shared/contracts/harvest-users';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useHarvestMapping } from '../api/get-harvest-mapping';
import { useHarvestUsers } from '../api/get-harvest-users';

interface HarvestIdentityNoteProps {
  /** The signed-in user, whose mapping the note reads. */
  userId: string | undefined;
  /** Only admins may list Harvest's users, which is where a mapped user's name comes from. */
  isAdmin: boolean;
}

/** Whose name the hours are logged under in Harvest; the mapping comes from GET /api/harvest/mapping. */
function useHarvestIdentity({ userId, isAdmin }: HarvestIdentityNoteProps): string | null {
  const mapping = useHarvestMapping();
  const tokenOwner = mapping.data?.tokenOwner ?? null;
  const harvestUserId = mapping.data?.mappings.find((row) => row.userId === userId)?.harvestUserId ?? null;
  // The token owner's name comes with the mapping; any other Harvest user's only from the admins' list.
  const needsList = isAdmin && harvestUserId !== null && harvestUserId !== tokenOwner?.id;
  const users = useHarvestUsers({ enabled: needsList });
  useSessionExpiryRedirect(mapping.error ?? users.error);

  // No token owner: Harvest is not configured (or the mapping could not be read), nothing is logged there.
  if (tokenOwner === null) return null;
  if (harvestUserId === null) return T.loggedAs(tokenOwner.name);
  if (harvestUserId === tokenOwner.id) return T.loggedAsYou(tokenOwner.name);
  // Wait for the list rather than show the number and then replace it with the name.
  if (needsList && users.isPending) return null;
  const user = users.data?.users.find((candidate) => candidate.id === harvestUserId);
  return T.loggedAsYou(user ? `${user.firstName} ${user.lastName}` : T.userNumber(harvestUserId));
}

/** One quiet line above the Add Time Entry form: which Harvest user the hours go to. */
export function HarvestIdentityNote(props: HarvestIdentityNoteProps) {
  const identity = useHarvestIdentity(props);
  if (identity === null) return null;
  return (
    <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
      <UserRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{identity}</span>
    </p>
  );
}
