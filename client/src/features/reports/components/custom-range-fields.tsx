import { REPORT_LIMITS } from '@shared/contracts/reports';
import { TextField } from '@/components/ui/text-field';
import { customRangeErrors, type RangeSelection } from '../lib/report-params';

type CustomDays = Pick<RangeSelection, 'from' | 'to'>;

interface CustomRangeFieldsProps extends CustomDays {
  onChange: (days: CustomDays) => void;
}

/**
 * From and To of a custom range: the app's date pickers (native date inputs, en-US with weeks from
 * Sunday, as the ticket filters and loan forms use), each labelled and with its message when the days
 * make no report. A picker's calendar offers only the days the other one allows.
 */
export function CustomRangeFields({ from, to, onChange }: CustomRangeFieldsProps) {
  const errors = customRangeErrors(from, to);
  return (
    <div role="group" aria-label="Custom range" className="flex flex-wrap items-start gap-4">
      <TextField
        id="report-from"
        label="From"
        type="date"
        className="w-44 space-y-1.5"
        min={REPORT_LIMITS.minDate}
        max={to || REPORT_LIMITS.maxDate}
        value={from}
        error={errors.from}
        onChange={(event) => onChange({ from: event.target.value, to })}
      />
      <TextField
        id="report-to"
        label="To"
        type="date"
        className="w-44 space-y-1.5"
        min={from || REPORT_LIMITS.minDate}
        max={REPORT_LIMITS.maxDate}
        value={to}
        error={errors.to}
        onChange={(event) => onChange({ from, to: event.target.value })}
      />
    </div>
  );
}
