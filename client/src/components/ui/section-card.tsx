import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';
import { Subsections } from './heading';

interface SectionCardProps {
  title: string;
  icon: LucideIcon;
  /** A line under the title on what the card is for. */
  description?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The app's content cards: an icon and a title, then the content. The card is a region named by its
 * title, so screen readers and tests find it by name. The title is a heading of the level where the
 * card is; headings in the content are one level deeper.
 */
export function SectionCard({ title, icon: Icon, description, className, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('min-w-0', className)}>
      <CardHeader className={description ? undefined : 'pb-4'}>
        <CardTitle id={headingId} className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <Subsections>{children}</Subsections>
      </CardContent>
    </Card>
  );
}
