import { Suspense, useCallback, useState } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { useLocation, useSearchParams } from 'wouter';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { useHeaderSearch, usePageTitle } from '@/components/layout/app-shell-context';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { EquipmentFilter } from '../lib/equipment-filter';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { isLoanerTab, loanerTabOf, loanerTabPath } from '../lib/inventory-tab';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { useLoanFromUrl } from '../lib/use-loan-from-url';
import { EquipmentDialog } from './equipment-dialog';
import { EquipmentList } from './equipment-list';
import { EquipmentToolbar } from './equipment-toolbar';
import { InventoryLoading } from './inventory-list-states';

/** Long enough to wait out a word being typed, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

/** The Inventory tab's code comes when it is first opened (or pointed at): the Loans tab ships without it. */
const InventoryTab = lazyWithPreload(() => import('./inventory-tab'));
const preloadInventory = () => void InventoryTab.preload().catch(() => undefined);

interface DialogState {
  open: boolean;
  /** Kept while the dialog closes, so its title does not flip during the exit animation. */
  record: LoanerEquipmentRecord | null;
}

/** The loaner register: header search, filter, checkout dialog and the list of loans (spec §2). */
function LoansTab() {
  const [search] = useHeaderSearch();
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<EquipmentFilter>('all');
  const [dialog, setDialog] = useState<DialogState>({ open: false, record: null });
  const openRecord = useCallback((record: LoanerEquipmentRecord) => setDialog({ open: true, record }), []);
  useLoanFromUrl(openRecord);

  return (
    <div className="space-y-6">
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
    </div>
  );
}

/**
 * The Loaner Equipment page: the Loans tab (the spec's page, as it always was) and the Inventory tab
 * (issue 42). The tab is the URL's (`?tab=inventory`), so a reload or a link opens the same one.
 */
export function LoanerEquipmentPage() {
  usePageTitle('Loaner Equipment');
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const tab = loanerTabOf(searchParams);
  const { tabs } = INVENTORY_TEXTS;

  return (
    <section aria-label="Loaner Equipment" className="mx-auto max-w-5xl">
      <Tabs value={tab} onValueChange={(next) => isLoanerTab(next) && navigate(loanerTabPath(next))}>
        <TabsList aria-label={tabs.label}>
          <TabsTrigger value="loans" className="px-4">
            {tabs.loans}
          </TabsTrigger>
          <TabsTrigger
            value="inventory"
            className="px-4"
            onPointerEnter={preloadInventory}
            onFocus={preloadInventory}
          >
            {tabs.inventory}
          </TabsTrigger>
        </TabsList>
        {/* Radix draws only the chosen tab's content; each trigger names its panel. */}
        <TabsContent value="loans" className="mt-6">
          <LoansTab />
        </TabsContent>
        <TabsContent value="inventory" className="mt-6">
          <Suspense fallback={<InventoryLoading />}>
            <InventoryTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </section>
  );
}
