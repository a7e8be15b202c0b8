import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { invalidateLoans } from './invalidate-loans';

/** DELETE /api/loaner-equipment/:id (204, no body). */
export const deleteLoanerEquipment = (id: string) =>
  apiSend<void>('DELETE', `/api/loaner-equipment/${encodeURIComponent(id)}`);

export function useDeleteLoanerEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLoanerEquipment,
    onSettled: () => invalidateLoans(queryClient),
  });
}
