import { Link } from 'wouter';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { trashPath } from '@/lib/paths';

/** What the delete toasts add under the spec's title: where the tickets went (issue 37). */
export const MOVED_TO_TRASH = {
  admin: 'Moved to Trash.',
  agent: (count: number) =>
    `Moved to Trash: an admin can restore ${count === 1 ? 'it' : 'them'} until ${count === 1 ? 'it is' : 'they are'} purged.`,
  openTrash: 'Open Trash',
} as const;

/**
 * The spec's success toast of a delete (`title`), saying the tickets went to the Trash. Admins, who
 * can open the Trash, get a link there; agents cannot, so they are told who can bring them back.
 */
export function notifyMovedToTrash(title: string, count: number, canOpenTrash: boolean): void {
  toast({
    title,
    description: canOpenTrash ? MOVED_TO_TRASH.admin : MOVED_TO_TRASH.agent(count),
    action: canOpenTrash ? (
      <ToastAction asChild altText={MOVED_TO_TRASH.openTrash}>
        <Link href={trashPath}>{MOVED_TO_TRASH.openTrash}</Link>
      </ToastAction>
    ) : undefined,
  });
}
