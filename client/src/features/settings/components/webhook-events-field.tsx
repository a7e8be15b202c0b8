import { useId } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '@shared/contracts/webhooks';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldErrorId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { allEventsState, withAllEvents, withEvent } from '../lib/webhook-form';
import { WEBHOOKS_TEXTS as T } from '../lib/webhooks-texts';

interface WebhookEventsFieldProps {
  /** The id the form's first-invalid focus and the error message hang on. */
  id: string;
  value: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string;
}

/**
 * The webhook's Events: a box per event in a fieldset named "Events" (Tab reaches each, Space ticks
 * it), each with its name as the payload carries it, and All Events first. A message marks every box,
 * so focus lands on the first.
 */
export function WebhookEventsField({ id, value, onChange, error }: WebhookEventsFieldProps) {
  const hintId = useId();
  const describedBy = [hintId, error ? fieldErrorId(id) : ''].join(' ').trim();
  const all = allEventsState(value);
  const invalid = error ? true : undefined;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy}>
      <legend className="text-sm leading-none font-medium">{T.events}</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        {T.eventsHint}
      </p>
      <div className="space-y-3 rounded-md border p-3">
        <div className="flex items-center gap-2 border-b pb-3">
          <Checkbox
            id={`${id}-all`}
            checked={all}
            onCheckedChange={(checked) => onChange(withAllEvents(checked === true))}
            aria-invalid={invalid}
          />
          <Label htmlFor={`${id}-all`}>{T.allEventsBox}</Label>
        </div>
        <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => {
            const boxId = `${id}-${event.replace('.', '-')}`;
            return (
              <li key={event} className="flex min-w-0 items-start gap-2">
                <Checkbox
                  id={boxId}
                  className="mt-0.5"
                  checked={value.includes(event)}
                  onCheckedChange={(checked) => onChange(withEvent(value, event, checked === true))}
                  aria-invalid={invalid}
                />
                <Label
                  htmlFor={boxId}
                  className="inline-flex min-w-0 flex-wrap items-baseline gap-x-1.5 leading-snug font-normal"
                >
                  {WEBHOOK_EVENT_LABELS[event]}
                  <code className="font-mono text-xs text-muted-foreground">{event}</code>
                </Label>
              </li>
            );
          })}
        </ul>
      </div>
      {error && (
        <p id={fieldErrorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
