import { useCallback, useState } from 'react';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { useHeaderSearch, usePageTitle } from '@/components/layout/app-shell-context';
import type { EquipmentFilter } from '../lib/equipment-filter';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoanFromUrl } from '../lib/use-loan-from-url';
import { EquipmentDialog } from './equipment-dialog';
import { EquipmentList } from './equipment-list';
import { EquipmentToolbar } from './equipment-toolbar';

/** Long enough to wait out a word being typed, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

interface DialogState {
  open: boolean;
  /** Kept while the dialog closes, so its title does not flip during the exit animation. */
  record: LoanerEquipmentRecord | null;
}

/** The loaner register: header search, filter, checkout dialog and the list of loans (spec §2). */
export function LoanerEquipmentPage() {
  usePageTitle('Loaner Equipment');
  const [search] = useHeaderSearch();
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<EquipmentFilter>('all');
  const [dialog, setDialog] = useState<DialogState>({ open: false, record: null });
  const openRecord = useCallback((record: LoanerEquipmentRecord) => setDialog({ open: true, record }), []);
  useLoanFromUrl(openRecord);

  return (
    <section aria-label="Loaner Equipment" className="mx-auto max-w-5xl space-y-6">
      <EquipmentToolbar
        filter={filter}
        onFilterChange={setFilter}
        onCheckout={() => setDialog({ open: true, record: null })}
      />
      <EquipmentList filters={{ search: debouncedSearch, filter }} onEdit={openRecord} />
      <EquipmentDialog
        open={dialog.open}
        record={dialog.record}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </section>
  );
}
