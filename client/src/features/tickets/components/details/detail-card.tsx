import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface DetailCardProps {
  title: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}

/** The detail's cards share one look: an icon and a title, then the content. Labelled by the title. */
export function DetailCard({ title, icon: Icon, className, children }: DetailCardProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={className}>
      <CardHeader className="pb-4">
        <CardTitle id={headingId} className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
