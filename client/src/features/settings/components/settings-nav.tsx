import { useLayoutEffect, useRef } from 'react';
import { Link } from 'wouter';
import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';
import { SETTINGS_SECTION_TEXTS as T, type SettingsSection } from '../lib/settings-sections';

interface SettingsNavProps {
  sections: readonly SettingsSection[];
  current: SettingsSection;
}

/**
 * The sections of Settings as links: a column beside the section on a wide screen, a row that
 * scrolls sideways above it on a narrow one. The current section is aria-current.
 */
export function SettingsNav({ sections, current }: SettingsNavProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // In the narrow row, bring the current section into view (a deep link to a late one); only the row
  // scrolls, never the page.
  useLayoutEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [current.id]);
  return (
    <nav aria-label={T.navLabel} className="min-w-0 lg:w-48 lg:shrink-0">
      <ul
        ref={listRef}
        className="relative flex gap-1 overflow-x-auto border-b p-1 pb-2 lg:flex-col lg:overflow-visible lg:border-b-0 lg:p-0"
      >
        {sections.map((section) => {
          const active = section.id === current.id;
          return (
            <li key={section.id} className="shrink-0">
              <Link
                href={section.path}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  focusRing,
                  active
                    ? 'bg-primary/10 text-primary-strong'
                    : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
