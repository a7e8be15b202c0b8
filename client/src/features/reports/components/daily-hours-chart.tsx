import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TimeTrackingReport } from '@shared/contracts/reports';
import { PRIMARY_CHART_COLOUR } from '../lib/breakdown-colours';
import { formatDay, formatHours, formatShortDay } from '../lib/format';

const AXIS_TICK = { fontSize: 12, fill: 'hsl(215 16% 40%)' };

/**
 * Hours per day as bars, each busy day labelled with its hours. A picture for the eye only: the
 * table beside it carries the same figures for screen readers and keyboards.
 */
export function DailyHoursChart({ days }: { days: TimeTrackingReport['dailyBreakdown'] }) {
  return (
    <div className="h-64 w-full" aria-hidden="true" data-testid="daily-hours-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 22, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickFormatter={formatShortDay}
            tick={AXIS_TICK}
            tickLine={false}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis tickFormatter={(hours: number) => formatHours(hours)} tick={AXIS_TICK} width={48} />
          <Tooltip
            cursor={{ fill: 'hsl(210 40% 96%)' }}
            labelFormatter={(date) => formatDay(String(date))}
            formatter={(hours) => [formatHours(Number(hours)), 'Hours']}
          />
          <Bar
            dataKey="hours"
            name="Hours"
            fill={PRIMARY_CHART_COLOUR.fill}
            stroke={PRIMARY_CHART_COLOUR.stroke}
            radius={[3, 3, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          >
            <LabelList
              dataKey="hours"
              position="top"
              fontSize={11}
              fill="hsl(222 47% 11%)"
              formatter={(hours) => (Number(hours) > 0 ? formatHours(Number(hours)) : '')}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
