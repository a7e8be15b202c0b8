import { FolderKanban } from 'lucide-react';
import { REPORT_LABELS, type TimeTrackingReport } from '@shared/contracts/reports';
import { formatHours, formatPercentage } from '../lib/format';
import { SectionCard } from '@/components/ui/section-card';
import { EmptyNote } from './empty-note';
import { ShareBar } from './share-bar';

/** Top Projects by Hours: name, hours and the project's share of all hours, as text and as a bar. */
export function TopProjects({ projects }: { projects: TimeTrackingReport['topProjects'] }) {
  return (
    <SectionCard title={REPORT_LABELS.topProjects} icon={FolderKanban}>
      {projects.length === 0 ? (
        <EmptyNote>No time logged in this period.</EmptyNote>
      ) : (
        <ol className="space-y-4" aria-label={REPORT_LABELS.topProjects}>
          {projects.map((project) => (
            <li key={project.projectName} className="space-y-1.5">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium" title={project.projectName}>
                  {project.projectName}
                </span>
                <span className="shrink-0 text-muted-foreground tabular-nums">
                  {formatHours(project.hours)} · {formatPercentage(project.percentage)}
                </span>
              </div>
              <ShareBar percentage={project.percentage} />
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
