import { Download, FileSpreadsheet } from 'lucide-react';
import { REPORT_RANGES, type ReportRange } from '@shared/constants';
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

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);
const isReportRange = isOneOf(REPORT_RANGES);
const isReportType = isOneOf(REPORT_TYPES);

interface ReportToolbarProps {
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
  type: ReportType;
  onTypeChange: (type: ReportType) => void;
  params: ReportQueryParams;
  /** The report in view; undefined while it loads (Export Report waits for it). */
  report: Report | undefined;
}

/** Date Range and Report Type on the left; the exports on the right. */
export function ReportToolbar({
  range,
  onRangeChange,
  type,
  onTypeChange,
  params,
  report,
}: ReportToolbarProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-1.5">
          <Label htmlFor="report-range">Date Range</Label>
          <Select value={range} onValueChange={(next) => isReportRange(next) && onRangeChange(next)}>
            <SelectTrigger id="report-range" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_RANGES.map((value) => (
                <SelectItem key={value} value={value}>
                  {REPORT_RANGE_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
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
        <Button disabled={!report} onClick={() => report && exportReport(report, type)}>
          <Download aria-hidden="true" />
          Export Report
        </Button>
      </div>
    </div>
  );
}
