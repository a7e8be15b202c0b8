import { Download, FileSpreadsheet } from 'lucide-react';
import { CUSTOM_REPORT_RANGE, REPORT_RANGE_KEYS, type ReportRangeKey } from '@shared/constants';
import {
  REPORT_RANGE_LABELS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type Report,
  type ReportQueryParams,
  type ReportType,
} from '@shared/contracts/reports';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { timeEntriesCsvFilename, timeEntriesCsvUrl } from '../api/time-entries-export';
import { announceTimeEntriesExport, exportReport } from '../lib/export-report';
import { isReportRangeKey, type RangeSelection } from '../lib/report-params';
import { CustomRangeFields } from './custom-range-fields';

const isReportType = (value: string): value is ReportType =>
  (REPORT_TYPES as readonly string[]).includes(value);

interface ReportToolbarProps {
  selection: RangeSelection;
  onRangeChange: (range: ReportRangeKey) => void;
  onCustomDaysChange: (days: Pick<RangeSelection, 'from' | 'to'>) => void;
  type: ReportType;
  onTypeChange: (type: ReportType) => void;
  /** undefined while a custom range's days make no report: nothing to export then. */
  params: ReportQueryParams | undefined;
  /** The report in view; undefined while it loads (Export Report waits for it). */
  report: Report | undefined;
}

/** Date Range (with From and To for a custom range) and Report Type on the left; the exports on the right. */
export function ReportToolbar({
  selection,
  onRangeChange,
  onCustomDaysChange,
  type,
  onTypeChange,
  params,
  report,
}: ReportToolbarProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex flex-wrap items-start gap-4">
        <div className="space-y-1.5">
          <Label htmlFor="report-range">Date Range</Label>
          <Select
            value={selection.range}
            onValueChange={(next) => isReportRangeKey(next) && onRangeChange(next)}
          >
            <SelectTrigger id="report-range" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_RANGE_KEYS.map((value) => (
                <SelectItem key={value} value={value}>
                  {REPORT_RANGE_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {selection.range === CUSTOM_REPORT_RANGE && (
          <CustomRangeFields from={selection.from} to={selection.to} onChange={onCustomDaysChange} />
        )}
        <div className="space-y-1.5">
          <Label htmlFor="report-type">Report Type</Label>
          <Select value={type} onValueChange={(next) => isReportType(next) && onTypeChange(next)}>
            <SelectTrigger id="report-type" className="w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_TYPES.map((value) => (
                <SelectItem key={value} value={value}>
                  {REPORT_TYPE_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {params ? (
          <Button variant="outline" asChild>
            <a
              href={timeEntriesCsvUrl(params)}
              download={timeEntriesCsvFilename(params)}
              onClick={() => announceTimeEntriesExport(params)}
            >
              <FileSpreadsheet aria-hidden="true" />
              Export Time Entries
            </a>
          </Button>
        ) : (
          // A link cannot be disabled: a button stands in while there are no days to export.
          <Button variant="outline" disabled>
            <FileSpreadsheet aria-hidden="true" />
            Export Time Entries
          </Button>
        )}
        <Button disabled={!report} onClick={() => report && exportReport(report, type)}>
          <Download aria-hidden="true" />
          Export Report
        </Button>
      </div>
    </div>
  );
}
