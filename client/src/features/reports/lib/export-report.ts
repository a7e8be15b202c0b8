import type { Report, ReportQueryParams, ReportType } from '@shared/contracts/reports';
import { reportCsv, reportCsvFilename } from '@shared/report-csv';
import { toast } from '@/components/ui/use-toast';
import { timeEntriesCsvFilename } from '../api/time-entries-export';
import { saveTextFile } from './download';

/** Export Report: the report in view as CSV, made in the browser from the figures on screen. */
export function exportReport(report: Report, type: ReportType): void {
  const filename = reportCsvFilename(report, type);
  try {
    saveTextFile(filename, reportCsv(report, type));
  } catch {
    toast({
      variant: 'destructive',
      title: 'Export failed',
      description: 'The report could not be saved. Please try again.',
    });
    return;
  }
  toast({ title: 'Report exported', description: `Saved as ${filename}` });
}

/** The time entries file is streamed by the server; the browser's own download shows its progress. */
export function announceTimeEntriesExport(params: Pick<ReportQueryParams, 'range' | 'start' | 'end'>): void {
  toast({ title: 'Exporting time entries', description: `Downloading ${timeEntriesCsvFilename(params)}` });
}
