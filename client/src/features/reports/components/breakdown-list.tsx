import { BAR_CLASSES } from '../lib/breakdown-colours';
import type { BreakdownItem } from '../lib/breakdown-items';
import { formatPercentage } from '../lib/format';
import { ShareBar } from './share-bar';

/** Each status or priority with its count and percentage, and a bar in its colour. */
export function BreakdownList({ items, label }: { items: readonly BreakdownItem[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {items.map((item) => (
        <li key={item.key} className="space-y-1.5" data-key={item.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium">{item.label}</span>
            <span className="text-muted-foreground tabular-nums">
              {item.count} · {formatPercentage(item.percentage)}
            </span>
          </div>
          <ShareBar percentage={item.percentage} className={BAR_CLASSES[item.colour]} />
        </li>
      ))}
    </ul>
  );
}
