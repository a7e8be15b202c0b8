import { RotateCw } from 'lucide-react';
import { REPORT_LIMITS } from '@shared/contracts/reports';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Spec §2: "Generating report..." while the figures load. */
export function ReportLoading() {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 py-24 text-muted-foreground"
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm">Generating report...</p>
    </div>
  );
}

export function ReportError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 py-24 text-center">
      <p className="text-sm text-destructive">The report could not be generated.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** In place of the report while the custom range's From and To make none (their messages say why). */
export function ReportNeedsDays() {
  return (
    <p className="py-24 text-center text-sm text-muted-foreground">
      Pick a From and a To day, at most {REPORT_LIMITS.maxSpanDays} days apart, to see the report.
    </p>
  );
}

/** A report card's figures loading (the SLA, By Field, Satisfaction and Loans views). */
export function ReportCardLoading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
      <Spinner />
      {text}
    </p>
  );
}

/** A report card's figures that could not be loaded, with the button that asks again. */
export function ReportCardFailed({
  text,
  retryLabel,
  onRetry,
}: {
  text: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <p className="text-sm text-destructive">{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  );
}
