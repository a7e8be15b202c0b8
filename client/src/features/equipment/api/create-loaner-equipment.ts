import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoanerEquipmentRecord, loanerFormSchema } from '@shared/contracts/equipment';
import { apiSend } from '@/lib/api-client';
import { invalidateLoans } from './invalidate-loans';

/** What the Checkout/Edit dialog submits: its shared schema's output (trimmed, unassigned as null). */
export type LoanerFormOutput = z.output<typeof loanerFormSchema>;

/** POST /api/loaner-equipment: a new checkout; assignedTo is null when unassigned. */
export const createLoanerEquipment = (input: LoanerFormOutput) =>
  apiSend<LoanerEquipmentRecord>('POST', '/api/loaner-equipment', input);

export function useCreateLoanerEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLoanerEquipment,
    onSettled: () => invalidateLoans(queryClient),
  });
}
