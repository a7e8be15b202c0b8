import { CalendarClock, CalendarX2, Laptop, PackageCheck, PackagePlus } from 'lucide-react';
import type { LoanReport } from '@shared/contracts/loan-report';
import type { ReportQueryParams } from '@shared/contracts/reports';
import { Heading } from '@/components/ui/heading';
import { ReportCardFailed, ReportCardLoading } from './report-status';
import { SectionCard } from '@/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLoanReport } from '../api/get-loan-report';
import {
  averageNote,
  daysOnLoanNote,
  formatLoanDays,
  formatUtilisation,
  hasLoans,
  productTypeLabel,
} from '../lib/loan-figures';
import { EmptyNote } from './empty-note';
import { ReportStatGrid } from './report-stat-grid';

export const LOAN_REPORT_TEXTS = {
  title: 'Loans',
  description: 'Loaner equipment lent and returned in this period, and how busy each type of device was.',
  loading: 'Generating loans report...',
  failed: 'The loans report could not be generated.',
  retry: 'Try again',
  empty: 'No loans in this period.',
  loansMade: 'Loans Made',
  returned: 'Returned',
  overdueNow: 'Overdue Now',
  overdueNote: 'As of today, whatever the period',
  averageLoanLength: 'Average Loan Length',
  byProductType: 'Utilisation by Product Type',
  byProductTypeNote:
    'Days each asset was on loan in this period, over its days in the period. Loans without an asset are not counted here.',
  noAssets: 'No assets in the inventory.',
  productType: 'Product Type',
  assets: 'Assets',
  utilisation: 'Utilisation',
} as const;
const T = LOAN_REPORT_TEXTS;

/**
 * The Reports page's Loans view (issue 42), below the Satisfaction view like the other views beside
 * the spec's four: loans made, returned and overdue, the average loan length, and the share of days
 * each product type's assets were on loan. Definitions in shared/contracts/loan-report.ts.
 */
export function LoanReportCard({ params }: { params: ReportQueryParams }) {
  const query = useLoanReport(params);
  return (
    <SectionCard title={T.title} icon={Laptop} description={T.description}>
      {query.isPending ? (
        <ReportCardLoading text={T.loading} />
      ) : query.isError ? (
        <ReportCardFailed text={T.failed} retryLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : !hasLoans(query.data) ? (
        <EmptyNote>{T.empty}</EmptyNote>
      ) : (
        <LoanFigures report={query.data} />
      )}
    </SectionCard>
  );
}

function LoanFigures({ report }: { report: LoanReport }) {
  return (
    <div className="space-y-6">
      <ReportStatGrid
        stats={[
          { title: T.loansMade, value: String(report.loansMade), icon: PackagePlus },
          { title: T.returned, value: String(report.returned), icon: PackageCheck, variant: 'success' },
          {
            title: T.overdueNow,
            value: String(report.overdueNow),
            icon: CalendarX2,
            variant: report.overdueNow > 0 ? 'destructive' : 'success',
            change: T.overdueNote,
          },
          {
            title: T.averageLoanLength,
            value: formatLoanDays(report.averageLoanDays),
            icon: CalendarClock,
            variant: 'warning',
            change: averageNote(report.returned),
          },
        ]}
      />
      <ProductTypes rows={report.byProductType} />
    </div>
  );
}

/**
 * Per product type: its assets and their utilisation, with the days it is the share of under it (three
 * columns, so the figure that matters is in view on a phone too).
 */
function ProductTypes({ rows }: { rows: LoanReport['byProductType'] }) {
  return (
    <section className="min-w-0 space-y-2">
      <Heading className="text-sm font-semibold">{T.byProductType}</Heading>
      <p className="text-sm text-muted-foreground">{T.byProductTypeNote}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noAssets}</p>
      ) : (
        <Table aria-label={T.byProductType} scrollLabel={`${T.byProductType} table`}>
          <TableHeader>
            <TableRow>
              <TableHead>{T.productType}</TableHead>
              <TableHead className="text-right">{T.assets}</TableHead>
              <TableHead className="text-right">{T.utilisation}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.productType}>
                <TableCell className="font-medium">{productTypeLabel(row.productType)}</TableCell>
                <TableCell className="text-right tabular-nums">{row.assets}</TableCell>
                <TableCell className="text-right tabular-nums">
                  <span className="block font-semibold">{formatUtilisation(row.utilisation)}</span>
                  <span className="block text-xs text-muted-foreground">{daysOnLoanNote(row)}</span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
