import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { LOAN_PARAM } from '@/lib/paths';
import { useLoanerEquipment } from '../api/get-loaner-equipment';

/**
 * Opens the loan a link names (`/loaner-equipment?loan={id}`, the bell's overdue notices) once the
 * register has loaded, then takes the parameter out of the address, so closing the dialog and
 * reloading does not open it again. A loan that no longer exists opens nothing.
 */
export function useLoanFromUrl(open: (record: LoanerEquipmentRecord) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const loanId = searchParams.get(LOAN_PARAM);
  const all = useLoanerEquipment({ search: '', filter: 'all' });
  useEffect(() => {
    if (!loanId || !all.data) return;
    const record = all.data.find((candidate) => candidate.id === loanId);
    if (record) open(record);
    setSearchParams(
      (params) => {
        params.delete(LOAN_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [loanId, all.data, open, setSearchParams]);
}
