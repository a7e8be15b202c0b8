import { useState } from 'react';
import { ListChecks } from 'lucide-react';
import { Link } from 'wouter';
import type { ReportQueryParams } from '@shared/contracts/reports';
import {
  isReportableType,
  type FieldReportResponse,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import { Label } from '@/components/ui/label';
import { ReportCardFailed, ReportCardLoading } from './report-status';
import { SectionCard } from '@/components/ui/section-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { settingsSectionPath } from '@/lib/paths';
import { activeFields, useTicketFields } from '@/lib/ticket-fields';
import { useFieldReport } from '../api/get-field-report';
import type { BreakdownItem } from '../lib/breakdown-items';
import { formatHours } from '../lib/format';
import { BreakdownChart } from './breakdown-chart';
import { EmptyNote } from './empty-note';

export const FIELD_REPORT_TEXTS = {
  title: 'By Field',
  description:
    'Tickets created in this period by the value of a field, with those closed and the time tracked on them.',
  field: 'Field',
  loadingFields: 'Loading fields...',
  fieldsFailed: 'The ticket fields could not be loaded.',
  noFields: 'No dropdown, multi-select or checkbox fields yet.',
  addFields: 'Add fields in Settings → Ticket Fields',
  loading: 'Generating field report...',
  failed: 'The field report could not be generated.',
  retry: 'Try again',
  empty: 'No tickets were created in this period.',
} as const;

/** The fields the report groups by: active dropdown, multi-select and checkbox fields, in order. */
export const reportableFields = (fields: readonly TicketField[] | undefined) =>
  activeFields(fields).filter((field) => isReportableType(field.type));

/**
 * The Reports page's view by field (issue 38), below the spec's report views like the SLA view (their
 * Report Type list stays the spec's four): pick a field, see its tickets per value as bars and the
 * table of tickets, closed ones and hours, for the page's days.
 */
export function FieldReportCard({ params, isAdmin }: { params: ReportQueryParams; isAdmin: boolean }) {
  const fieldsQuery = useTicketFields();
  const fields = reportableFields(fieldsQuery.data);
  const [picked, setPicked] = useState<string>();
  // The first field until one is picked, and again if the picked one is deactivated meanwhile.
  const key = fields.find((field) => field.key === picked)?.key ?? fields[0]?.key;
  return (
    <SectionCard
      title={FIELD_REPORT_TEXTS.title}
      icon={ListChecks}
      description={FIELD_REPORT_TEXTS.description}
    >
      {fieldsQuery.isPending ? (
        <ReportCardLoading text={FIELD_REPORT_TEXTS.loadingFields} />
      ) : fieldsQuery.isError ? (
        <ReportCardFailed
          text={FIELD_REPORT_TEXTS.fieldsFailed}
          retryLabel={FIELD_REPORT_TEXTS.retry}
          onRetry={() => void fieldsQuery.refetch()}
        />
      ) : !key ? (
        <NoFields isAdmin={isAdmin} />
      ) : (
        <div className="space-y-5">
          <div className="space-y-1.5">
            <Label htmlFor="field-report-field">{FIELD_REPORT_TEXTS.field}</Label>
            <Select value={key} onValueChange={setPicked}>
              <SelectTrigger id="field-report-field" className="w-full sm:w-64">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {fields.map((field) => (
                  <SelectItem key={field.key} value={field.key}>
                    {field.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <FieldFigures fieldKey={key} params={params} />
        </div>
      )}
    </SectionCard>
  );
}

function FieldFigures({ fieldKey, params }: { fieldKey: string; params: ReportQueryParams }) {
  const query = useFieldReport(fieldKey, params);
  if (query.isPending) return <ReportCardLoading text={FIELD_REPORT_TEXTS.loading} />;
  if (query.isError)
    return (
      <ReportCardFailed
        text={FIELD_REPORT_TEXTS.failed}
        retryLabel={FIELD_REPORT_TEXTS.retry}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.rows.every((row) => row.tickets === 0))
    return <EmptyNote>{FIELD_REPORT_TEXTS.empty}</EmptyNote>;
  return <FieldTable report={query.data} />;
}

/** A row's value as the chart's and the list's key: the option, true/false, or none. */
const rowKey = (value: FieldReportResponse['rows'][number]['value']) => (value === null ? '' : String(value));

function FieldTable({ report }: { report: FieldReportResponse }) {
  const title = `Tickets by ${report.field.label}`;
  const items: BreakdownItem[] = report.rows.map((row) => ({
    key: rowKey(row.value),
    label: row.label,
    count: row.tickets,
    percentage: 0,
    colour: 'blue',
    valueLabel: String(row.tickets),
  }));
  return (
    <div className="space-y-5">
      {/* Labels as wide as the longest value, so a phone still has room for the bars. */}
      <BreakdownChart items={items} testId="field-chart" labelWidth="auto" valueWidth={40} />
      <Table aria-label={title} scrollLabel={`${title} table`}>
        <TableHeader>
          <TableRow>
            <TableHead>Value</TableHead>
            <TableHead className="text-right">Tickets</TableHead>
            <TableHead className="text-right">Closed</TableHead>
            <TableHead className="text-right">Hours</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={rowKey(row.value)}>
              <TableCell className={row.value === null ? 'text-muted-foreground' : 'font-medium'}>
                {row.label}
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.tickets}</TableCell>
              <TableCell className="text-right tabular-nums">{row.closed}</TableCell>
              <TableCell className="text-right tabular-nums">{formatHours(row.hours)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function NoFields({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="space-y-2 py-6 text-center text-sm">
      <p className="text-muted-foreground">{FIELD_REPORT_TEXTS.noFields}</p>
      {isAdmin && (
        <Link
          href={settingsSectionPath('ticket-fields')}
          className="font-medium text-primary underline underline-offset-4"
        >
          {FIELD_REPORT_TEXTS.addFields}
        </Link>
      )}
    </div>
  );
}
