import { useState } from 'react';

/**
 * Row selection over the tickets on screen. Only ids still shown count as selected, so a ticket that
 * a poll removed, or one left behind on another page, is never part of a bulk change.
 */
export function useTicketSelection(visibleIds: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const selectedIds = visibleIds.filter((id) => chosen.has(id));

  const toggle = (id: string, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  return {
    selectedIds,
    isSelected: (id: string) => chosen.has(id),
    allSelected: visibleIds.length > 0 && selectedIds.length === visibleIds.length,
    someSelected: selectedIds.length > 0 && selectedIds.length < visibleIds.length,
    toggle,
    /** Select-all covers the current page only (spec §2). */
    toggleAll: (checked: boolean) => setChosen(new Set(checked ? visibleIds : [])),
    clear: () => setChosen(new Set()),
  };
}

export type TicketSelection = ReturnType<typeof useTicketSelection>;
