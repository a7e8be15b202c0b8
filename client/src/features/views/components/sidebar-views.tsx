import { Bookmark, MoreHorizontal, RotateCw, Users } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { SavedViewScope } from '@shared/constants';
import { SAVED_VIEW_TEXTS as TEXTS, type SavedView } from '@shared/contracts/views';
import type { PublicUser } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarCountLink } from '@/components/layout/sidebar-count-link';
import { Skeleton } from '@/components/ui/skeleton';
import { useSavedViews } from '../api/get-views';
import { useViewCount } from '../api/get-view-count';
import { useActiveViewId } from '../lib/use-active-view';
import { viewHref } from '../lib/view-url';
import { DeleteViewDialog } from './delete-view-dialog';
import { SaveViewDialog } from './save-view-dialog';

const GROUPS: readonly { scope: SavedViewScope; label: string }[] = [
  { scope: 'personal', label: TEXTS.personal },
  { scope: 'team', label: TEXTS.team },
];

/**
 * The sidebar's Views section (issue 26), under the spec's links: the caller's personal views and
 * the team's, each a link to the list with its count. Below md the sidebar is icons only: a view is
 * its icon (named by its title and its screen-reader text) with its count as a small badge.
 */
export function SidebarViews({ user }: { user: PublicUser }) {
  const views = useSavedViews();
  const activeId = useActiveViewId(views.data);
  const labelId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const isAdmin = user.role === 'admin';

  return (
    <nav
      ref={sectionRef}
      aria-labelledby={labelId}
      tabIndex={-1}
      className="border-t p-2 outline-hidden md:p-3"
      data-testid="sidebar-views"
    >
      {/* Padding outside the sr-only boxes: not-sr-only resets their own padding to 0. */}
      <div className="md:px-3 md:pb-1">
        <p
          id={labelId}
          className="sr-only text-xs font-semibold tracking-wide text-muted-foreground uppercase md:not-sr-only"
        >
          {TEXTS.section}
        </p>
      </div>
      {views.isPending ? (
        <div className="space-y-2 px-1 py-1" aria-busy="true" aria-label="Loading views">
          <Skeleton className="h-7 w-full" />
          <Skeleton className="h-7 w-full" />
        </div>
      ) : views.isError ? (
        <div className="flex flex-col items-center gap-2 px-1 py-1 md:items-start md:px-3">
          <p className="sr-only text-xs text-destructive md:not-sr-only" role="alert">
            {TEXTS.loadFailed}
          </p>
          <Button
            variant="ghost"
            size="sm"
            title={TEXTS.retry}
            onClick={() => void views.refetch()}
            className="text-muted-foreground"
          >
            <RotateCw aria-hidden="true" />
            <span className="sr-only md:not-sr-only">{TEXTS.retry}</span>
          </Button>
        </div>
      ) : views.data.length === 0 ? (
        <div className="md:px-3 md:py-1">
          <p className="sr-only text-xs text-muted-foreground md:not-sr-only">{TEXTS.empty}</p>
        </div>
      ) : (
        GROUPS.map(({ scope, label }) => {
          const inGroup = views.data.filter((view) => view.scope === scope);
          if (inGroup.length === 0) return null;
          return (
            <ViewGroup
              key={scope}
              label={label}
              views={inGroup}
              activeId={activeId}
              canManage={scope === 'personal' || isAdmin}
              section={sectionRef}
            />
          );
        })
      )}
    </nav>
  );
}

interface ViewGroupProps {
  label: string;
  views: SavedView[];
  activeId: string | undefined;
  canManage: boolean;
  section: React.RefObject<HTMLElement | null>;
}

function ViewGroup({ label, views, activeId, canManage, section }: ViewGroupProps) {
  const labelId = useId();
  return (
    <div className="mt-2 first-of-type:mt-0">
      <div className="md:px-3 md:py-1">
        <p id={labelId} className="sr-only text-xs text-muted-foreground md:not-sr-only">
          {label}
        </p>
      </div>
      <ul aria-labelledby={labelId} className="space-y-1">
        {views.map((view) => (
          <ViewItem
            key={view.id}
            view={view}
            active={view.id === activeId}
            canManage={canManage}
            section={section}
          />
        ))}
      </ul>
    </div>
  );
}

interface ViewItemProps {
  view: SavedView;
  active: boolean;
  canManage: boolean;
  section: React.RefObject<HTMLElement | null>;
}

function ViewItem({ view, active, canManage, section }: ViewItemProps) {
  const count = useViewCount(view.query);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // The menu's item is gone when its dialog closes: focus goes back to the menu's button, or to the
  // section when the view itself is gone (deleted).
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (trigger.current?.isConnected) trigger.current.focus();
    else section.current?.focus();
  };

  return (
    <li className="group relative flex items-center gap-1">
      <SidebarCountLink
        href={viewHref(view.query)}
        name={view.name}
        icon={view.scope === 'team' ? Users : Bookmark}
        active={active}
        className="flex-1"
        count={
          count.data && {
            shown: `${count.data.total}${count.data.capped ? '+' : ''}`,
            unit: TEXTS.countUnit(count.data.total, count.data.capped),
            testId: 'view-count',
          }
        }
      />
      {canManage && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              ref={trigger}
              variant="ghost"
              size="icon"
              className="hidden size-7 shrink-0 text-muted-foreground md:inline-flex"
              aria-label={TEXTS.actions(view.name)}
              title={TEXTS.actions(view.name)}
            >
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setDialog('rename')}>{TEXTS.rename}</DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() => setDialog('delete')}
              className="text-destructive focus:text-destructive"
            >
              {TEXTS.delete}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {canManage && (
        <>
          <SaveViewDialog
            mode="rename"
            view={view}
            open={dialog === 'rename'}
            onOpenChange={(open) => setDialog(open ? 'rename' : null)}
            onCloseAutoFocus={returnFocus}
          />
          <DeleteViewDialog
            view={view}
            open={dialog === 'delete'}
            onOpenChange={(open) => setDialog(open ? 'delete' : null)}
            onCloseAutoFocus={returnFocus}
            onDeleted={() => section.current?.focus()}
          />
        </>
      )}
    </li>
  );
}
