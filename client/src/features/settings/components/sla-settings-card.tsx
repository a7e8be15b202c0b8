import { Clock3, Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { TICKET_PRIORITIES } from '@shared/constants';
import {
  SLA_SETTINGS_TEXTS as TEXTS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type BusinessHours,
  type SlaPolicies,
} from '@shared/contracts/sla';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Heading } from '@/components/ui/heading';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError } from '@/lib/api-client';
import { useBusinessHours, useSaveSlaSetting, useSlaPolicies } from '../api/sla-settings';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';

/** Every IANA zone the browser knows, for the time zone field's suggestions. */
const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

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

/** The server's 400 field errors, as "where: what" lines under the form. */
function FieldErrors({ errors }: { errors: Record<string, string[]> }) {
  const entries = Object.entries(errors);
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
 * Saving one of the two settings: a toast either way, and the server's field errors kept for the
 * list under the form until the next successful save.
 */
function useSaveForm() {
  const save = useSaveSlaSetting();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = (input: Parameters<typeof save.mutate>[0]) =>
    save.mutate(input, {
      onSuccess: () => {
        setErrors({});
        notifySuccess(TEXTS.saved);
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? (error.body?.fieldErrors ?? {}) : {});
        notifyFailure(TEXTS.failed, error);
      },
    });
  return { errors, pending: save.isPending, submit };
}

function BusinessHoursForm({ saved }: { saved: BusinessHours }) {
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const form = useSaveForm();
  const zoneId = useId();
  const zonesId = useId();

  const setRanges = (day: (typeof WEEKDAYS)[number], ranges: BusinessHours['days'][typeof day]) =>
    setDraft((current) => ({ ...current, days: { ...current.days, [day]: ranges } }));

  const submit = () => form.submit({ key: 'business_hours', value: draft });

  return (
    <SubmitForm onSubmit={submit}>
      <Heading className="text-base font-semibold">{TEXTS.hoursTitle}</Heading>
      <div className="space-y-2">
        <Label htmlFor={zoneId}>{TEXTS.timezone}</Label>
        <Input
          id={zoneId}
          list={zonesId}
          value={draft.timezone}
          onChange={(event) => setDraft((current) => ({ ...current, timezone: event.target.value }))}
          autoComplete="off"
        />
        <datalist id={zonesId}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
      <div className="space-y-3">
        {WEEKDAYS.map((day) => (
          <fieldset key={day} className="flex flex-wrap items-start gap-x-3 gap-y-2">
            <legend className="float-left w-24 pt-2 text-sm font-medium">{WEEKDAY_LABELS[day]}</legend>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              {draft.days[day].length === 0 && (
                <p className="pt-2 text-sm text-muted-foreground">{TEXTS.closed}</p>
              )}
              {draft.days[day].map((range, index) => (
                <div key={index} className="flex flex-wrap items-center gap-2">
                  <TimeInput
                    label={`${WEEKDAY_LABELS[day]} ${TEXTS.from.toLowerCase()}`}
                    value={range.start}
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
                </div>
              ))}
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
        ))}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{TEXTS.holidays}</legend>
        {draft.holidays.length === 0 && <p className="text-sm text-muted-foreground">{TEXTS.noHolidays}</p>}
        {draft.holidays.map((holiday, index) => (
          <div key={index} className="flex items-center gap-2">
            <Input
              type="date"
              aria-label={`Holiday ${index + 1}`}
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
          </div>
        ))}
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
      <FieldErrors errors={form.errors} />
      <Button type="submit" disabled={form.pending}>
        {form.pending && <Spinner />}
        {TEXTS.saveHours}
      </Button>
    </SubmitForm>
  );
}

function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      aria-label={label}
      className="w-20"
      inputMode="numeric"
      placeholder="09:00"
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

  return (
    <SubmitForm onSubmit={submit}>
      <Heading className="text-base font-semibold">{TEXTS.targetsTitle}</Heading>
      <div className="flex items-center gap-2">
        <Checkbox
          id={enabledId}
          checked={draft.enabled}
          onCheckedChange={(checked) => setDraft((current) => ({ ...current, enabled: checked === true }))}
        />
        <Label htmlFor={enabledId}>{TEXTS.enabled}</Label>
      </div>
      <div className="space-y-2">
        <Label htmlFor={warnId}>{TEXTS.warnBefore}</Label>
        <Input
          id={warnId}
          type="number"
          min={0}
          className="w-32"
          value={draft.warnBeforeMinutes}
          onChange={(event) =>
            setDraft((current) => ({ ...current, warnBeforeMinutes: Number(event.target.value) }))
          }
        />
      </div>
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
            const label = priority.charAt(0).toUpperCase() + priority.slice(1);
            return (
              <tr key={priority}>
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {label}
                </th>
                <td className="py-1 pr-2">
                  <Input
                    type="number"
                    min={1}
                    aria-label={`${label}: ${TEXTS.firstResponse}`}
                    value={draft.policies[priority].firstResponseMinutes}
                    onChange={(event) => setTarget(priority, 'firstResponseMinutes', event.target.value)}
                  />
                </td>
                <td className="py-1">
                  <Input
                    type="number"
                    min={1}
                    aria-label={`${label}: ${TEXTS.resolution}`}
                    value={draft.policies[priority].resolutionMinutes}
                    onChange={(event) => setTarget(priority, 'resolutionMinutes', event.target.value)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldErrors errors={form.errors} />
      <Button type="submit" disabled={form.pending}>
        {form.pending && <Spinner />}
        {TEXTS.saveTargets}
      </Button>
    </SubmitForm>
  );
}
