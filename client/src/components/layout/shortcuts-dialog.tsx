import { Fragment } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Heading } from '@/components/ui/heading';
import { SHORTCUT_GROUPS } from '@/lib/keyboard-shortcuts';

const KEY_LABELS: Record<string, string> = { Escape: 'Esc' };

function Key({ name }: { name: string }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border bg-muted px-1.5 py-0.5 font-mono text-xs font-medium text-foreground shadow-xs">
      {KEY_LABELS[name] ?? name}
    </kbd>
  );
}

/** One way to press it: "g then d". */
function KeySequence({ keys }: { keys: readonly string[] }) {
  return keys.map((key, index) => (
    <Fragment key={index}>
      {index > 0 && <span className="text-xs text-muted-foreground"> then </span>}
      <Key name={key} />
    </Fragment>
  ));
}

interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Every keyboard shortcut, from the one list in lib/keyboard-shortcuts; "?" or Escape closes it. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        onKeyDown={(event) => {
          if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
            event.preventDefault();
            onOpenChange(false);
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Keyboard Shortcuts</DialogTitle>
          <DialogDescription>They work while the cursor is not in a text field.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-6 sm:grid-cols-2">
          {SHORTCUT_GROUPS.map((group) => (
            <section key={group.title} className="space-y-2">
              <Heading className="text-sm font-semibold text-muted-foreground">{group.title}</Heading>
              <dl className="space-y-2">
                {group.shortcuts.map((shortcut) => (
                  <div key={shortcut.description} className="flex items-center justify-between gap-4 text-sm">
                    <dt>{shortcut.description}</dt>
                    <dd className="flex shrink-0 flex-wrap items-center justify-end gap-1">
                      {shortcut.keys.map((sequence, index) => (
                        <Fragment key={sequence.join(' ')}>
                          {index > 0 && <span className="text-xs text-muted-foreground"> or </span>}
                          <KeySequence keys={sequence} />
                        </Fragment>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
