import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoanerEquipmentRecord, updateLoanerSchema } from '@shared/contracts/equipment';
import { apiSend } from '@/lib/api-client';
import { invalidateLoans } from './invalidate-loans';

/** A PUT body as the server's contract reads it. */
export type UpdateLoanerBody = z.input<typeof updateLoanerSchema>;

export interface UpdateLoanerVariables {
  id: string;
  /** The edited form's fields, or {isReturned: true, actualReturnDate} for Mark Returned. */
  changes: UpdateLoanerBody;
}

/** PUT /api/loaner-equipment/:id */
export const updateLoanerEquipment = ({ id, changes }: UpdateLoanerVariables) =>
  apiSend<LoanerEquipmentRecord>('PUT', `/api/loaner-equipment/${encodeURIComponent(id)}`, changes);

export function useUpdateLoanerEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLoanerEquipment,
    // Refetch after a failure too: a 404 means someone else deleted the record.
    onSettled: () => invalidateLoans(queryClient),
  });
}
