import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface ReportSectionProps {
  title: string;
  icon: LucideIcon;
  description?: string;
  className?: string;
  children: ReactNode;
}

/** A card of the report with an icon and a title, exposed as a region named by that title. */
export function ReportSection({ title, icon: Icon, description, className, children }: ReportSectionProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('min-w-0', className)}>
      <CardHeader className="pb-4">
        <CardTitle id={headingId} className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** What a list or chart shows when the range has nothing for it. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}
