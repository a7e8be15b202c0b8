import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import type { LoanReport } from '@shared/contracts/loan-report';
import { reportQuerySchema, type Report } from '@shared/contracts/reports';
import type { SlaReport } from '@shared/contracts/sla';
import type { FieldReportResponse } from '@shared/contracts/ticket-fields';
import { csvFilename } from '@shared/csv';
import { rangeFileParts } from '@shared/report-range';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { requireAuth } from '../../middleware/require-auth';
import { buildFieldReport, buildLoanReport, buildReport, buildSlaReport } from './reports.service';
import { timeEntriesCsv } from './time-entries-csv';

/** A download the browser saves under `filename` rather than shows. */
function csvAttachment(res: Response, filename: string) {
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
}

export function reportsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();
  // Every report counts only the tickets the caller may see, and the time on them (issue 39).
  const hidden = (req: Request) => callerHiddenGroups(db, req);

  router.get('/reports', auth, async (req, res) => {
    const query = parseInput(reportQuerySchema, req.query);
    res.json((await buildReport(db, query, await hidden(req))) satisfies Report);
  });

  // The same range and its checks as GET /api/reports (issue 24); the answer holds the figures only.
  router.get('/reports/sla', auth, async (req, res) => {
    const query = parseInput(reportQuerySchema, req.query);
    res.json((await buildSlaReport(db, query, await hidden(req))) satisfies SlaReport);
  });

  // The report by field (issue 38): the same range and its checks, for one field's values.
  router.get('/reports/fields/:key', auth, async (req, res) => {
    const query = parseInput(reportQuerySchema, req.query);
    const key = String(req.params.key);
    res.json((await buildFieldReport(db, key, query, await hidden(req))) satisfies FieldReportResponse);
  });

  // The Loans view (issue 42): the same range and its checks; loans are dated, so only its days count.
  router.get('/reports/loans', auth, async (req, res) => {
    const query = parseInput(reportQuerySchema, req.query);
    res.json((await buildLoanReport(db, query)) satisfies LoanReport);
  });

  router.get('/reports/time-entries.csv', auth, async (req, res) => {
    const query = parseInput(reportQuerySchema, req.query);
    const chunks = timeEntriesCsv(db, { ...query, hiddenGroupIds: await hidden(req) });
    // The first page is read before any byte is sent, so its failure is an ordinary error answer.
    const first = await chunks.next();
    csvAttachment(res, csvFilename(['time-entries', ...rangeFileParts(query)], query.end));
    res.write(first.value ?? '');
    try {
      await pipeline(Readable.from(chunks), res);
    } catch (error) {
      // A browser that cancels the download closes the connection: nothing is left to answer.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    }
  });

  return router;
}
