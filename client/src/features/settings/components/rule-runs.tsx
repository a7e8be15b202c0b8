import { Link } from 'wouter';
import { RULE_EVENT_LABELS, type RuleRun } from '@shared/contracts/rules';
import { focusRing } from '@/components/ui/focus-ring';
import { Spinner } from '@/components/ui/spinner';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { ticketDetailsPath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useRuleRuns } from '../api/rules';
import { formatDateTime } from '../lib/format-date-time';
import { relativeTime } from '@/lib/relative-time';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';

/** The newest runs only: enough to see what a rule did lately; the server keeps more. */
const RUNS_SHOWN = 10;

const eventLabel = (event: RuleRun['event']) =>
  event === 'schedule' ? TEXTS.scheduleEvent : RULE_EVENT_LABELS[event];

/**
 * A rule's last runs (issue 40), newest first: the ticket (a link to it), what fired the rule, when,
 * what each action did, and why the rule held back when it did. Read when the disclosure opens.
 */
export function RuleRuns({ ruleId, ruleName }: { ruleId: string; ruleName: string }) {
  const runs = useRuleRuns(ruleId, RUNS_SHOWN);
  useSessionExpiryRedirect(runs.error);
  if (runs.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {TEXTS.runsLoading}
      </p>
    );
  }
  if (runs.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {TEXTS.runsFailed}
      </p>
    );
  }
  if (runs.data.length === 0) return <p className="text-sm text-muted-foreground">{TEXTS.runsEmpty}</p>;
  return (
    <ol className="divide-y rounded-md border bg-card" aria-label={TEXTS.runsLabel(ruleName)}>
      {runs.data.map((run) => (
        <li key={run.id} className="space-y-1 p-2 text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <Link
              href={ticketDetailsPath(run.ticketId)}
              className={cn(
                'rounded-sm font-medium text-primary-strong underline underline-offset-4',
                focusRing,
              )}
            >
              {run.ticketNumber}
            </Link>
            <span>{eventLabel(run.event)}</span>
            <time dateTime={run.at} title={formatDateTime(run.at)} className="text-xs text-muted-foreground">
              {relativeTime(run.at)}
            </time>
          </p>
          {run.actions.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5 text-xs break-words">
              {run.actions.map((action, index) => (
                <li key={index}>{action.detail}</li>
              ))}
            </ul>
          ) : (
            !run.skipped && <p className="text-xs text-muted-foreground">{TEXTS.noActions}</p>
          )}
          {run.skipped && (
            <p className="text-xs break-words text-muted-foreground">
              {TEXTS.skipped} {run.skipped}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
