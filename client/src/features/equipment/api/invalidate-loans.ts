import type { QueryClient } from '@tanstack/react-query';
import { invalidateTicketLoans } from '@/lib/ticket-loans';
import { assetKeys, equipmentKeys } from './equipment-keys';

/**
 * What a loan write makes stale (issue 42): the loans lists, the inventory (an asset's status and
 * history move with its loans) and the loans and Activity Log of the tickets on screen.
 */
export function invalidateLoans(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    invalidateTicketLoans(queryClient),
  ]).then(() => undefined);
}
