import { Clock3, Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { TICKET_PRIORITIES } from '@shared/constants';
import {
  priorityLabel,
  SLA_SETTINGS_TEXTS as TEXTS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type BusinessHours,
  type SlaPolicies,
} from '@shared/contracts/sla';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Heading } from '@/components/ui/heading';
import { TimeZoneCombobox } from '@/components/time-zone-combobox';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError } from '@/lib/api-client';
import { useFocusFirstInvalid } from '@/lib/field-errors';
import { useBusinessHours, useSaveSlaSetting, useSlaPolicies } from '../api/sla-settings';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';

/** Settings → Business Hours & SLA Targets (issue 24), for admins. */
export function SlaSettingsCard() {
  const hours = useBusinessHours();
  const policies = useSlaPolicies();
  return (
    <SectionCard title={TEXTS.title} description={TEXTS.description} icon={Clock3}>
      {hours.isPending || policies.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading...
        </p>
      ) : hours.isError || policies.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load these settings
        </p>
      ) : (
        <div className="grid gap-8 xl:grid-cols-2">
          <BusinessHoursForm saved={hours.data.value} />
          <TargetsForm saved={policies.data.value} />
        </div>
      )}
    </SectionCard>
  );
}

/**
 * The server's 400 field errors that no field shows beside itself (a day as a whole, a key the form
 * does not have), as "where: what" lines under the form.
 */
function FieldErrors({
  errors,
  shownBeside,
}: {
  errors: Record<string, string[]>;
  shownBeside: (field: string) => boolean;
}) {
  const entries = Object.entries(errors).filter(([field]) => !shownBeside(field));
  if (entries.length === 0) return null;
  return (
    <div role="alert" className="space-y-1 text-sm text-destructive">
      <p>{TEXTS.fixFields}</p>
      <ul className="list-disc pl-5">
        {entries.map(([field, messages]) => (
          <li key={field}>
            {readableField(field)}: {messages.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "value.days.wed.1.start" → "Wednesday, hours 2, from". */
function readableField(field: string): string {
  const parts = field.replace(/^value\./, '').split('.');
  if (parts[0] === 'days' && parts[1] && parts[1] in WEEKDAY_LABELS) {
    const day = WEEKDAY_LABELS[parts[1] as keyof typeof WEEKDAY_LABELS];
    if (parts[2] === undefined) return day;
    return `${day}, hours ${Number(parts[2]) + 1}${parts[3] ? `, ${parts[3] === 'start' ? 'from' : 'until'}` : ''}`;
  }
  if (parts[0] === 'holidays' && parts[1] !== undefined) return `Holiday ${Number(parts[1]) + 1}`;
  return parts.join(' ');
}

/**
 * Saving one of the two settings: a toast either way, and the server's field errors kept beside their
 * fields until the next successful save, with focus on the first of them.
 */
function useSaveForm() {
  const save = useSaveSlaSetting();
  const focus = useFocusFirstInvalid();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = (input: Parameters<typeof save.mutate>[0]) =>
    save.mutate(input, {
      onSuccess: () => {
        setErrors({});
        notifySuccess(TEXTS.saved);
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? (error.body?.fieldErrors ?? {}) : {});
        focus.focusFirstInvalid();
        notifyFailure(TEXTS.failed, error);
      },
    });
  /** The message for the setting's field at `path` ("timezone", "days.mon.0.end"), if any. */
  const errorAt = (path: string) => errors[`value.${path}`]?.join(', ');
  return { errors, errorAt, formRef: focus.ref, pending: save.isPending, submit };
}

/** A message under a control that is not a labelled field (a time in a row, a holiday's date). */
function InlineError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="w-full text-sm text-destructive">
      {error}
    </p>
  );
}

function BusinessHoursForm({ saved }: { saved: BusinessHours }) {
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const form = useSaveForm();
  const zoneId = useId();
  const rowId = useId();

  const setRanges = (day: (typeof WEEKDAYS)[number], ranges: BusinessHours['days'][typeof day]) =>
    setDraft((current) => ({ ...current, days: { ...current.days, [day]: ranges } }));

  const submit = () => form.submit({ key: 'business_hours', value: draft });
  const zoneError = form.errorAt('timezone');

  return (
    <SubmitForm ref={form.formRef} onSubmit={submit}>
      <Heading className="text-base font-semibold">{TEXTS.hoursTitle}</Heading>
      <FormField id={zoneId} label={TEXTS.timezone} error={zoneError}>
        <TimeZoneCombobox
          {...fieldAria(zoneId, zoneError)}
          listLabel={TEXTS.timezone}
          value={draft.timezone}
          onChange={(timezone) => setDraft((current) => ({ ...current, timezone }))}
        />
      </FormField>
      <div className="space-y-3">
        {WEEKDAYS.map((day) => {
          const dayErrorId = `${rowId}-${day}-error`;
          return (
            <fieldset
              key={day}
              className="flex flex-wrap items-start gap-x-3 gap-y-2"
              aria-describedby={form.errorAt(`days.${day}`) ? dayErrorId : undefined}
            >
              <legend className="float-left w-24 pt-2 text-sm font-medium">{WEEKDAY_LABELS[day]}</legend>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                {draft.days[day].length === 0 && (
                  <p className="pt-2 text-sm text-muted-foreground">{TEXTS.closed}</p>
                )}
                {draft.days[day].map((range, index) => {
                  const startError = form.errorAt(`days.${day}.${index}.start`);
                  const endError = form.errorAt(`days.${day}.${index}.end`);
                  const errorId = `${rowId}-${day}-${index}-error`;
                  return (
                    <div key={index} className="flex flex-wrap items-center gap-2">
                      <TimeInput
                        label={`${WEEKDAY_LABELS[day]} ${TEXTS.from.toLowerCase()}`}
                        value={range.start}
                        error={startError}
                        errorId={errorId}
                        onChange={(start) =>
                          setRanges(
                            day,
                            draft.days[day].map((each, at) => (at === index ? { ...each, start } : each)),
                          )
                        }
                      />
                      <span aria-hidden="true">–</span>
                      <TimeInput
                        label={`${WEEKDAY_LABELS[day]} ${TEXTS.until.toLowerCase()}`}
                        value={range.end}
                        error={endError}
                        errorId={errorId}
                        onChange={(end) =>
                          setRanges(
                            day,
                            draft.days[day].map((each, at) => (at === index ? { ...each, end } : each)),
                          )
                        }
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`${TEXTS.removeRange} ${WEEKDAY_LABELS[day]} ${range.start}–${range.end}`}
                        onClick={() =>
                          setRanges(
                            day,
                            draft.days[day].filter((_, at) => at !== index),
                          )
                        }
                      >
                        <X aria-hidden="true" />
                      </Button>
                      <InlineError id={errorId} error={[startError, endError].filter(Boolean).join('; ')} />
                    </div>
                  );
                })}
                <InlineError id={dayErrorId} error={form.errorAt(`days.${day}`)} />
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`${TEXTS.addRange}: ${WEEKDAY_LABELS[day]}`}
                onClick={() => setRanges(day, [...draft.days[day], { start: '09:00', end: '17:00' }])}
              >
                <Plus aria-hidden="true" />
                {TEXTS.addRange}
              </Button>
            </fieldset>
          );
        })}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{TEXTS.holidays}</legend>
        {draft.holidays.length === 0 && <p className="text-sm text-muted-foreground">{TEXTS.noHolidays}</p>}
        {draft.holidays.map((holiday, index) => {
          const error = form.errorAt(`holidays.${index}`);
          const errorId = `${rowId}-holiday-${index}-error`;
          return (
            <div key={index} className="flex flex-wrap items-center gap-2">
              <Input
                type="date"
                aria-label={`Holiday ${index + 1}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="w-44"
                value={holiday}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    holidays: current.holidays.map((each, at) => (at === index ? event.target.value : each)),
                  }))
                }
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`${TEXTS.removeRange} holiday ${index + 1}`}
                onClick={() =>
                  setDraft((current) => ({
                    ...current,
                    holidays: current.holidays.filter((_, at) => at !== index),
                  }))
                }
              >
                <X aria-hidden="true" />
              </Button>
              <InlineError id={errorId} error={error} />
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setDraft((current) => ({ ...current, holidays: [...current.holidays, ''] }))}
        >
          <Plus aria-hidden="true" />
          {TEXTS.addHoliday}
        </Button>
      </fieldset>
      <FieldErrors errors={form.errors} shownBeside={(field) => HOURS_FIELD_BESIDE.test(field)} />
      <Button type="submit" disabled={form.pending}>
        {form.pending && <Spinner />}
        {TEXTS.saveHours}
      </Button>
    </SubmitForm>
  );
}

/** The calendar's fields that show their message beside them: the zone, a day, a time, a holiday. */
const HOURS_FIELD_BESIDE = /^value\.(timezone|days\.[a-z]{3}(\.\d+\.(start|end))?|holidays\.\d+)$/;
/** The targets' fields that show their message beside them. */
const TARGETS_FIELD_BESIDE =
  /^value\.(warnBeforeMinutes|policies\.[a-z]+\.(firstResponseMinutes|resolutionMinutes))$/;

function TimeInput({
  label,
  value,
  onChange,
  error,
  errorId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The row's message, which says which of the two times it is about. */
  errorId: string;
}) {
  return (
    <Input
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className="w-20"
      inputMode="numeric"
      // A format, not a value: "09:00" read as a time already filled in.
      placeholder="HH:MM"
      maxLength={5}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function TargetsForm({ saved }: { saved: SlaPolicies }) {
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const form = useSaveForm();
  const enabledId = useId();
  const warnId = useId();
  const rowId = useId();

  const setTarget = (
    priority: (typeof TICKET_PRIORITIES)[number],
    field: 'firstResponseMinutes' | 'resolutionMinutes',
    value: string,
  ) =>
    setDraft((current) => ({
      ...current,
      policies: {
        ...current.policies,
        [priority]: { ...current.policies[priority], [field]: Number(value) },
      },
    }));

  const submit = () => form.submit({ key: 'sla_policies', value: draft });
  const warnError = form.errorAt('warnBeforeMinutes');

  return (
    <SubmitForm ref={form.formRef} onSubmit={submit}>
      <Heading className="text-base font-semibold">{TEXTS.targetsTitle}</Heading>
      <div className="flex items-center gap-2">
        <Checkbox
          id={enabledId}
          checked={draft.enabled}
          onCheckedChange={(checked) => setDraft((current) => ({ ...current, enabled: checked === true }))}
        />
        <Label htmlFor={enabledId}>{TEXTS.enabled}</Label>
      </div>
      <FormField id={warnId} label={TEXTS.warnBefore} error={warnError}>
        <Input
          {...fieldAria(warnId, warnError)}
          type="number"
          min={0}
          className="w-32"
          value={draft.warnBeforeMinutes}
          onChange={(event) =>
            setDraft((current) => ({ ...current, warnBeforeMinutes: Number(event.target.value) }))
          }
        />
      </FormField>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="pb-2 font-medium">
              {TEXTS.priority}
            </th>
            <th scope="col" className="pb-2 font-medium">
              {TEXTS.firstResponse}
            </th>
            <th scope="col" className="pb-2 font-medium">
              {TEXTS.resolution}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...TICKET_PRIORITIES].reverse().map((priority) => {
            const label = priorityLabel(priority);
            const firstError = form.errorAt(`policies.${priority}.firstResponseMinutes`);
            const resolutionError = form.errorAt(`policies.${priority}.resolutionMinutes`);
            const firstErrorId = `${rowId}-${priority}-first-error`;
            const resolutionErrorId = `${rowId}-${priority}-resolution-error`;
            return (
              <tr key={priority}>
                <th scope="row" className="py-1 pr-2 text-left align-top font-normal">
                  {label}
                </th>
                <td className="py-1 pr-2 align-top">
                  <Input
                    type="number"
                    min={1}
                    aria-label={`${label}: ${TEXTS.firstResponse}`}
                    aria-invalid={firstError ? true : undefined}
                    aria-describedby={firstError ? firstErrorId : undefined}
                    value={draft.policies[priority].firstResponseMinutes}
                    onChange={(event) => setTarget(priority, 'firstResponseMinutes', event.target.value)}
                  />
                  <InlineError id={firstErrorId} error={firstError} />
                </td>
                <td className="py-1 align-top">
                  <Input
                    type="number"
                    min={1}
                    aria-label={`${label}: ${TEXTS.resolution}`}
                    aria-invalid={resolutionError ? true : undefined}
                    aria-describedby={resolutionError ? resolutionErrorId : undefined}
                    value={draft.policies[priority].resolutionMinutes}
                    onChange={(event) => setTarget(priority, 'resolutionMinutes', event.target.value)}
                  />
                  <InlineError id={resolutionErrorId} error={resolutionError} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldErrors errors={form.errors} shownBeside={(field) => TARGETS_FIELD_BESIDE.test(field)} />
      <Button type="submit" disabled={form.pending}>
        {form.pending && <Spinner />}
        {TEXTS.saveTargets}
      </Button>
    </SubmitForm>
  );
}
