import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { PortalFieldsResponse } from '@shared/contracts/portal';
import type { CustomFieldValue } from '@shared/contracts/ticket-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/field-errors';
import { getPortalFields, getPortalPermissions, openPortalTicket } from '../api/portal-api';
import { PORTAL_LIMITS, PORTAL_MESSAGES } from '@shared/contracts/portal-values';
import { portalPaths, portalTicketPath } from '../lib/portal-paths';
import { PORTAL_TEXTS } from '../lib/portal-texts';
import { isStatus, useLoad, useSessionLost } from '../lib/use-load';
import { BackLink } from './back-link';
import { failureMessage, LoadState } from './load-state';
import { PortalFiles } from './portal-files';

type PortalField = PortalFieldsResponse['fields'][number];
/** What each control holds while it is edited: text for most, true/false, options picked. */
type Draft = string | boolean | string[];

const fieldId = (key: string) => `portal-field-${key}`;
const nativeControl =
  'flex h-9 w-full rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';
const checkboxClass = 'size-4 shrink-0 accent-primary';

/** The values to send: empty fields left out, numbers as numbers, a checkbox always true or false. */
function customFieldValues(fields: readonly PortalField[], drafts: Record<string, Draft>) {
  const values: Record<string, CustomFieldValue> = {};
  for (const field of fields) {
    const draft = drafts[field.key];
    if (field.type === 'checkbox') values[field.key] = draft === true;
    else if (Array.isArray(draft)) {
      if (draft.length > 0) values[field.key] = draft;
    } else if (typeof draft === 'string' && draft.trim() !== '') {
      const numeric = field.type === 'number' || field.type === 'decimal';
      values[field.key] = numeric ? Number(draft) : draft;
    }
  }
  return values;
}

/** A field's message among the 400's: under `customFields.<key>` (or the key alone). */
const customFieldError = (errors: Record<string, string>, key: string) =>
  errors[`customFields.${key}`] ?? errors[key];

function FieldControl({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: PortalField;
  value: Draft | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: Draft) => void;
}) {
  const id = fieldId(field.key);
  const text = typeof value === 'string' ? value : '';
  const options = field.options.filter((option) => option.active);
  const message = error && (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {error}
    </p>
  );
  switch (field.type) {
    case 'checkbox':
      return (
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              disabled={disabled}
              {...fieldAria(id, error)}
            />
            {field.label}
          </label>
          {message}
        </div>
      );
    case 'multiselect': {
      const picked = Array.isArray(value) ? value : [];
      return (
        <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="text-sm leading-none font-medium">{field.label}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 pt-1">
            {options.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={picked.includes(option.value)}
                  disabled={disabled}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...picked, option.value]
                        : picked.filter((each) => each !== option.value),
                    )
                  }
                />
                {option.label}
              </label>
            ))}
          </div>
          {message}
        </fieldset>
      );
    }
    default:
      return (
        <FormField id={id} label={field.label} error={error}>
          {field.type === 'dropdown' ? (
            <select
              className={nativeControl}
              value={text}
              onChange={(event) => onChange(event.target.value)}
              disabled={disabled}
              {...fieldAria(id, error)}
            >
              <option value="">{PORTAL_TEXTS.noChoice}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : field.type === 'textarea' ? (
            <Textarea
              value={text}
              onChange={(event) => onChange(event.target.value)}
              disabled={disabled}
              rows={3}
              {...fieldAria(id, error)}
            />
          ) : (
            <Input
              type={
                field.type === 'number' || field.type === 'decimal'
                  ? 'number'
                  : field.type === 'date'
                    ? 'date'
                    : 'text'
              }
              step={field.type === 'decimal' ? 'any' : field.type === 'number' ? 1 : undefined}
              inputMode={
                field.type === 'number' ? 'numeric' : field.type === 'decimal' ? 'decimal' : undefined
              }
              value={text}
              onChange={(event) => onChange(event.target.value)}
              disabled={disabled}
              {...fieldAria(id, error)}
            />
          )}
        </FormField>
      );
  }
}

function NewTicketForm({ fields }: { fields: PortalField[] }) {
  const [, navigate] = useLocation();
  const sessionLost = useSessionLost();
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      const { ticket } = await openPortalTicket({
        subject,
        text,
        customFields: customFieldValues(fields, drafts),
        files,
      });
      navigate(portalTicketPath(ticket.id));
    } catch (error) {
      setBusy(false);
      if (isStatus(error, 401)) return sessionLost();
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      // A message no field shows (a 403, a failure, a field this form does not have) goes on top.
      const shown = new Set([
        'subject',
        'text',
        'files',
        ...fields.flatMap((f) => [f.key, `customFields.${f.key}`]),
      ]);
      const unshown = Object.entries(fieldErrors).filter(([key]) => !shown.has(key));
      if (Object.keys(fieldErrors).length === 0 || unshown.length > 0) {
        setFailure(
          unshown.length > 0
            ? unshown.map(([, message]) => message).join(' ')
            : failureMessage(error, PORTAL_TEXTS.sendFailed),
        );
      }
      focusFirstInvalid();
    }
  };

  return (
    <form ref={ref} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {failure && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {failure}
        </p>
      )}
      <TextField
        id="portal-subject"
        label={PORTAL_TEXTS.subject}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        maxLength={PORTAL_LIMITS.subject}
        required
        disabled={busy}
        error={errors.subject}
      />
      <FormField id="portal-message" label={PORTAL_TEXTS.message} error={errors.text}>
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          required
          disabled={busy}
          {...fieldAria('portal-message', errors.text)}
        />
      </FormField>
      {fields.map((field) => (
        <FieldControl
          key={field.key}
          field={field}
          value={drafts[field.key]}
          error={customFieldError(errors, field.key)}
          disabled={busy}
          onChange={(value) => setDrafts((current) => ({ ...current, [field.key]: value }))}
        />
      ))}
      <PortalFiles files={files} onChange={setFiles} disabled={busy} error={errors.files} />
      <div className="flex flex-wrap justify-end gap-3 border-t pt-5">
        <Button asChild variant="outline">
          <Link href={portalPaths.tickets}>{PORTAL_TEXTS.cancel}</Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {busy ? PORTAL_TEXTS.openingTicket : PORTAL_TEXTS.openTicket}
        </Button>
      </div>
    </form>
  );
}

async function loadForm(signal: AbortSignal) {
  const [permissions, { fields }] = await Promise.all([
    getPortalPermissions({ signal }),
    getPortalFields({ signal }),
  ]);
  return { openTickets: permissions.openTickets, fields };
}

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <BackLink />
      <h1 className="text-2xl font-bold tracking-tight">{PORTAL_TEXTS.newTicket}</h1>
      {children}
    </div>
  );
}

/** /portal/tickets/new: subject, message, the fields an admin opened to requesters, files. */
export function NewTicketPage() {
  const { loaded, retry } = useLoad('new ticket', loadForm, { signedIn: true });
  return (
    <Page>
      <LoadState loaded={loaded} onRetry={retry}>
        {({ openTickets, fields }) =>
          openTickets ? (
            <Card>
              <CardContent className="pt-6">
                <NewTicketForm fields={fields} />
              </CardContent>
            </Card>
          ) : (
            <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
              {PORTAL_MESSAGES.newTicketsClosed}
            </p>
          )
        }
      </LoadState>
    </Page>
  );
}
