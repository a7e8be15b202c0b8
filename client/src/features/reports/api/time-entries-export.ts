import type { ReportQueryParams } from '@shared/contracts/reports';
import { csvFilename } from '@shared/csv';
import { rangeFileParts } from '@shared/report-range';
import { reportSearch } from './get-report';

/**
 * GET /api/reports/time-entries.csv: the range's time entries, streamed by the server. The browser
 * downloads it itself (a link, not fetch), so even a year of entries goes straight to disk.
 */
export const timeEntriesCsvUrl = (params: ReportQueryParams) =>
  `/api/reports/time-entries.csv?${reportSearch(params)}`;

/** The name the server gives the file (Content-Disposition), for the link and the toast. */
export const timeEntriesCsvFilename = (params: Pick<ReportQueryParams, 'range' | 'start' | 'end'>) =>
  csvFilename(['time-entries', ...rangeFileParts(params)], params.end);
