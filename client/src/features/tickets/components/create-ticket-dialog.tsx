import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button aria-keyshortcuts="c">
          <Plus aria-hidden="true" />
          New Ticket
        </Button>
      </DialogTrigger>
      {/* The title names the dialog; there is no description to point at. */}
      <DialogContent className="sm:max-w-2xl" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Create New Ticket</DialogTitle>
        </DialogHeader>
        <CreateTicketForm onCreated={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
