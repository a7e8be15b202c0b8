import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { equipmentKeys } from './equipment-keys';

/** DELETE /api/loaner-equipment/:id (204, no body). */
export const deleteLoanerEquipment = (id: string) =>
  apiSend<void>('DELETE', `/api/loaner-equipment/${encodeURIComponent(id)}`);

export function useDeleteLoanerEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLoanerEquipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
