import type { BadgeColour } from '@shared/constants';

/**
 * The status and priority colours of shared/constants.ts as the charts and bars paint them. Fills are
 * the 500 shades; the 700 outline keeps even the yellow bar visible against white (3:1), and every
 * bar also carries its label and value in text, so no figure depends on colour alone.
 */
export const CHART_COLOURS = {
  red: { fill: '#ef4444', stroke: '#b91c1c' },
  yellow: { fill: '#eab308', stroke: '#a16207' },
  green: { fill: '#22c55e', stroke: '#15803d' },
  blue: { fill: '#3b82f6', stroke: '#1d4ed8' },
} as const satisfies Record<BadgeColour, { fill: string; stroke: string }>;

export const BAR_CLASSES = {
  red: 'bg-red-500',
  yellow: 'bg-yellow-500',
  green: 'bg-green-500',
  blue: 'bg-blue-500',
} as const satisfies Record<BadgeColour, string>;

/** Single-series charts (hours per day) use the app's primary colour. */
export const PRIMARY_CHART_COLOUR = { fill: 'hsl(221 83% 53%)', stroke: 'hsl(221 83% 40%)' } as const;
