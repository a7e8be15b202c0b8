import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Subsections } from '@/components/ui/heading';

interface AssetSectionProps {
  title: string;
  icon: LucideIcon;
  /** A button beside the title (the details' Edit). */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * One card of the asset page, a region named by its title, as the app's SectionCard, with room for
 * an action beside the title.
 */
export function AssetSection({ title, icon: Icon, action, children }: AssetSectionProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-4">
        <CardTitle id={headingId} className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent>
        <Subsections>{children}</Subsections>
      </CardContent>
    </Card>
  );
}
