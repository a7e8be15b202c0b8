import { Plus } from 'lucide-react';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { todayLocalDate } from '@/lib/local-date';
import { AddTimeEntryForm } from './add-time-entry-form';
import { HarvestIdentityNote } from './harvest-identity-note';
import { RecentTimeEntries } from './recent-time-entries';
import { SectionCard } from '@/components/ui/section-card';
import { TimeSummaryCards } from './time-summary-cards';

interface TimeTrackingPageProps {
  /** The signed-in user: the line above the form says which Harvest user their hours go to. */
  userId: string | undefined;
  isAdmin: boolean;
}

/** Summary cards, the Add Time Entry form and Recent Time Entries (spec §2 Time Tracking). */
export function TimeTrackingPage({ userId, isAdmin }: TimeTrackingPageProps) {
  usePageTitle('Time Tracking');
  return (
    <section aria-label="Time Tracking" className="space-y-6">
      <TimeSummaryCards today={todayLocalDate()} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <SectionCard title="Add Time Entry" icon={Plus} className="lg:col-span-2">
          <div className="space-y-4">
            <HarvestIdentityNote userId={userId} isAdmin={isAdmin} />
            <AddTimeEntryForm />
          </div>
        </SectionCard>
        <RecentTimeEntries className="lg:col-span-3" />
      </div>
    </section>
  );
}
