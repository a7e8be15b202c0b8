import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const iconVariants = cva('flex size-11 shrink-0 items-center justify-center rounded-lg', {
  variants: {
    variant: {
      primary: 'bg-primary/10 text-primary',
      success: 'bg-success/10 text-success',
      warning: 'bg-warning/10 text-warning',
      destructive: 'bg-destructive/10 text-destructive',
    },
  },
  defaultVariants: { variant: 'primary' },
});

export type StatCardVariant = NonNullable<VariantProps<typeof iconVariants>['variant']>;

interface StatCardProps {
  title: string;
  value: ReactNode;
  icon: LucideIcon;
  /** Shown as "{trend} from yesterday" under the value. */
  trend?: string;
  /** A line of its own under the value (the reports' change against the previous period). */
  note?: string;
  isLoading?: boolean;
  variant?: StatCardVariant;
  className?: string;
}

export function StatCard({
  title,
  value,
  icon: Icon,
  trend,
  note,
  isLoading = false,
  variant,
  className,
}: StatCardProps) {
  return (
    <Card className={className}>
      <CardContent className="flex items-start justify-between gap-4 p-6">
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          {isLoading ? (
            <div aria-busy="true">
              <Skeleton className="mt-1 h-8 w-16" />
              {trend !== undefined && <Skeleton className="mt-2 h-3 w-24" />}
            </div>
          ) : (
            <>
              <p className="text-3xl font-bold tracking-tight">{value}</p>
              {trend !== undefined && <p className="text-xs text-muted-foreground">{trend} from yesterday</p>}
              {note !== undefined && <p className="text-xs text-muted-foreground">{note}</p>}
            </>
          )}
        </div>
        <div className={iconVariants({ variant })}>
          <Icon className="size-5" aria-hidden="true" />
        </div>
      </CardContent>
    </Card>
  );
}
