import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { SAVED_VIEW_TEXTS as TEXTS, type SavedViewQuery } from '@shared/contracts/views';
import { Button } from '@/components/ui/button';
import { SaveViewDialog } from './save-view-dialog';

/** "Save View" on the filter panel: the list's current query under a name (issue 26). */
export function SaveViewButton({ query, isAdmin }: { query: SavedViewQuery; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" />
        {TEXTS.saveView}
      </Button>
      <SaveViewDialog mode="create" open={open} onOpenChange={setOpen} query={query} isAdmin={isAdmin} />
    </>
  );
}
