import { CircleCheck, Clock, Inbox, PieChart, SignalHigh, Ticket, type LucideIcon } from 'lucide-react';
import { REPORT_LABELS as L } from '@shared/contracts/reports';
import { priorityItems, statusItems, type BreakdownItem } from '../lib/breakdown-items';
import { changeOf } from '../lib/compare';
import { BreakdownChart } from './breakdown-chart';
import { BreakdownList } from './breakdown-list';
import { SectionCard } from '@/components/ui/section-card';
import { ReportStatGrid, type ReportViewProps } from './report-stat-grid';

interface BreakdownProps {
  title: string;
  description: string;
  icon: LucideIcon;
  items: BreakdownItem[];
  testId: string;
}

function Breakdown(props: BreakdownProps) {
  return (
    <SectionCard title={props.title} icon={props.icon} description={props.description}>
      <div className="space-y-5">
        <BreakdownChart items={props.items} testId={props.testId} />
        <BreakdownList items={props.items} label={props.title} />
      </div>
    </SectionCard>
  );
}

/** Ticket Performance: tickets created and closed, then the status and priority breakdowns. */
export function TicketsView({ report, previous }: ReportViewProps) {
  const t = report.tickets;
  const change = changeOf(report, previous);
  return (
    <>
      <ReportStatGrid
        stats={[
          {
            title: L.ticketsCreated,
            value: String(t.totalTickets),
            icon: Ticket,
            change: change((r) => r.tickets.totalTickets),
          },
          {
            title: L.openTickets,
            value: String(t.openTickets),
            icon: Inbox,
            variant: 'destructive',
            change: change((r) => r.tickets.openTickets),
          },
          {
            title: L.inProgressTickets,
            value: String(t.inProgressTickets),
            icon: Clock,
            variant: 'warning',
            change: change((r) => r.tickets.inProgressTickets),
          },
          {
            title: L.ticketsClosed,
            value: String(t.closedTickets),
            icon: CircleCheck,
            variant: 'success',
            change: change((r) => r.tickets.closedTickets),
          },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Breakdown
          title={L.statusBreakdown}
          description="Tickets created in this period, by their status now."
          icon={PieChart}
          items={statusItems(t)}
          testId="status-chart"
        />
        <Breakdown
          title={L.priorityBreakdown}
          description="Tickets created in this period, by priority."
          icon={SignalHigh}
          items={priorityItems(t)}
          testId="priority-chart"
        />
      </div>
    </>
  );
}
