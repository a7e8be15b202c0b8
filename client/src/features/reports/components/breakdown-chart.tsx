import {
  Bar,
  BarChart,
  LabelList,
  Rectangle,
  ResponsiveContainer,
  XAxis,
  YAxis,
  type BarShapeProps,
  type LabelProps,
} from 'recharts';
import { CHART_COLOURS } from '../lib/breakdown-colours';
import type { BreakdownItem } from '../lib/breakdown-items';

const ROW_HEIGHT = 40;
const TEXT_COLOUR = 'hsl(222 47% 11%)';

/** "3 (37.5%)" just past the end of its bar, on one line (recharts' own label wraps when space is short). */
function BarEndLabel({ viewBox, value }: LabelProps) {
  if (!viewBox || !('x' in viewBox)) return null;
  return (
    <text
      x={viewBox.x + viewBox.width + 6}
      y={viewBox.y + viewBox.height / 2}
      dominantBaseline="central"
      fontSize={12}
      fill={TEXT_COLOUR}
    >
      {value}
    </text>
  );
}

interface BreakdownChartProps {
  items: readonly BreakdownItem[];
  testId: string;
  /** Room for the names on the axis: 160 px, or 'auto' to fit the longest (a phone keeps room for bars). */
  labelWidth?: number | 'auto';
  /** Room past the longest bar for its label ("3 (37.5%)" by default). */
  valueWidth?: number;
}

/**
 * Horizontal bars, one per status or priority, named on the axis and labelled with count and share,
 * in the category's colour. For the eye only: the list below carries the figures for assistive tech.
 */
export function BreakdownChart({ items, testId, labelWidth = 160, valueWidth = 88 }: BreakdownChartProps) {
  const shape = (props: BarShapeProps) => {
    const colours = CHART_COLOURS[items[props.index]?.colour ?? 'blue'];
    return <Rectangle {...props} fill={colours.fill} stroke={colours.stroke} radius={[0, 3, 3, 0]} />;
  };
  return (
    <div aria-hidden="true" data-testid={testId} style={{ height: items.length * ROW_HEIGHT + 8 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={[...items]}
          layout="vertical"
          margin={{ top: 4, right: valueWidth, bottom: 4, left: 0 }}
          accessibilityLayer={false}
        >
          <XAxis type="number" hide allowDecimals={false} domain={[0, (max: number) => Math.max(max, 1)]} />
          <YAxis
            type="category"
            dataKey="label"
            width={labelWidth}
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 12, fill: TEXT_COLOUR }}
          />
          <Bar dataKey="count" barSize={22} isAnimationActive={false} shape={shape} minPointSize={2}>
            <LabelList dataKey="valueLabel" content={BarEndLabel} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
