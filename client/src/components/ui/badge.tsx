import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import type { BadgeColour } from '@shared/constants';
import { cn } from '@/lib/utils';

/** The palette colours named by the status and priority metadata in shared/constants.ts. */
const colourVariants = {
  red: 'border-transparent bg-red-100 text-red-800',
  yellow: 'border-transparent bg-yellow-100 text-yellow-800',
  green: 'border-transparent bg-green-100 text-green-800',
  blue: 'border-transparent bg-blue-100 text-blue-800',
} as const satisfies Record<BadgeColour, string>;

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap transition-colors',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        success: 'border-transparent bg-success text-success-foreground',
        warning: 'border-transparent bg-warning text-warning-foreground',
        outline: 'text-foreground',
        ...colourVariants,
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
