import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { useShortcut } from '@/lib/keyboard-shortcuts';
import { CreateTicketForm } from './create-ticket-form';

/**
 * The New Ticket button and its dialog; the form is mounted afresh, so empty, each time it opens.
 * The "c" shortcut opens it too.
 */
export function CreateTicketDialog() {
  const [open, setOpen] = useState(false);
  useShortcut('newTicket', () => setOpen(true));
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button aria-keyshortcuts="c">
          <Plus aria-hidden="true" />
          New Ticket
        </Button>
      }
      className="sm:max-w-2xl"
      title="Create New Ticket"
    >
      <CreateTicketForm onCreated={() => setOpen(false)} />
    </FormDialog>
  );
}
