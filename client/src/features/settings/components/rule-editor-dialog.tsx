import { Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  RULE_EVENT_LABELS,
  RULE_EVENTS,
  RULE_KINDS,
  RULE_LIMITS,
  type Rule,
  type RuleKind,
} from '@shared/contracts/rules';
import { activeFields, type TicketField } from '@shared/contracts/ticket-fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { fieldErrorId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/field-errors';
import { useTicketFields } from '@/lib/ticket-fields';
import { useCreateRule, useUpdateRule } from '../api/rules';
import {
  newAction,
  newCondition,
  NO_ERRORS,
  placeErrors,
  ruleDraftOf,
  ruleDraftProblems,
  ruleInputOf,
  withEvent,
  withoutRowErrors,
  type ConditionGroup,
  type FieldsByKey,
  type PlacedErrors,
  type RuleDraft,
} from '../lib/rule-form';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { RuleActionRow } from './rule-action-row';
import { RuleConditionRow } from './rule-condition-row';
import { RulePreviewLine } from './rule-preview-line';
import { ChoiceSelect, FieldMessage } from './rule-value-input';

interface RuleEditorDialogProps {
  open: boolean;
  /** The rule to edit; null adds one. */
  rule: Rule | null;
  onOpenChange: (open: boolean) => void;
}

/** Add Rule / Edit Rule (issue 40): name, kind, events, the two groups of conditions, the actions. */
export function RuleEditorDialog({ open, rule, onOpenChange }: RuleEditorDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl"
      title={rule ? TEXTS.editRule : TEXTS.addRule}
      description={TEXTS.dialogDescription}
    >
      <RuleFormLoader rule={rule} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

interface RuleFormProps {
  rule: Rule | null;
  onDone: () => void;
}

/**
 * The form once the custom fields are known: a saved condition's value is read by its field's type
 * (a multi-select's options, a number), so the draft waits for them. Without them (a failed read) the
 * fixed fields still work.
 */
function RuleFormLoader({ rule, onDone }: RuleFormProps) {
  const fields = useTicketFields();
  const byKey = useMemo<FieldsByKey>(
    () => new Map((fields.data ?? []).map((field) => [field.key, field])),
    [fields.data],
  );
  const offered = useMemo(() => activeFields(fields.data), [fields.data]);
  if (fields.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading...
      </p>
    );
  }
  // Mounted afresh at each opening (the dialog's content is), so each opens with the rule's values.
  return <RuleForm key={rule?.id ?? 'new'} rule={rule} onDone={onDone} fields={byKey} offered={offered} />;
}

const KIND_CHOICES = RULE_KINDS.map((kind) => ({ value: kind, label: TEXTS.kindLabels[kind] }));
const GROUP_NAMES: Record<ConditionGroup, string> = { all: TEXTS.all, any: TEXTS.any };
const GROUP_HINTS: Record<ConditionGroup, string> = { all: TEXTS.allHint, any: TEXTS.anyHint };

const hasErrors = (errors: PlacedErrors) =>
  Object.keys(errors.rows).length > 0 ||
  errors.other.length > 0 ||
  [errors.name, errors.kind, errors.events, errors.all, errors.any, errors.actions].some(Boolean);

function RuleForm({
  rule,
  onDone,
  fields,
  offered,
}: RuleFormProps & { fields: FieldsByKey; offered: readonly TicketField[] }) {
  const [draft, setDraft] = useState<RuleDraft>(() => ruleDraftOf(rule, fields));
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const focus = useFocusFirstInvalid();
  const create = useCreateRule();
  const update = useUpdateRule();
  const kindId = useId();
  const kindHintId = useId();
  const activeId = useId();
  const activeHintId = useId();
  const eventsHintId = useId();
  const eventsErrorId = useId();
  // A row just added gets focus on its first control once drawn.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const formRef = focus.ref;
  useEffect(() => {
    if (!focusTarget) return;
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(focusTarget)}`)?.focus();
    setFocusTarget(null);
  }, [focusTarget, formRef]);
  const addButtons = useRef<Partial<Record<ConditionGroup | 'actions', HTMLButtonElement | null>>>({});

  const change = (patch: Partial<RuleDraft>, cleared: Partial<PlacedErrors> = {}) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...cleared }));
  };
  const changeRow = (row: string, patch: Partial<RuleDraft>, cleared: Partial<PlacedErrors> = {}) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...withoutRowErrors(current, row), ...cleared }));
  };

  const addCondition = (group: ConditionGroup) => {
    const condition = newCondition();
    change({ [group]: [...draft[group], condition] }, { [group]: undefined });
    setFocusTarget(`${condition.row}-field`);
  };
  const removeCondition = (group: ConditionGroup, row: string) => {
    changeRow(row, { [group]: draft[group].filter((each) => each.row !== row) });
    // The button goes with its row: the keyboard goes on from the group's Add Condition.
    addButtons.current[group]?.focus();
  };
  const addAction = () => {
    const action = newAction();
    change({ actions: [...draft.actions, action] }, { actions: undefined });
    setFocusTarget(`${action.row}-kind`);
  };
  const removeAction = (row: string) => {
    changeRow(row, { actions: draft.actions.filter((each) => each.row !== row) });
    addButtons.current.actions?.focus();
  };

  /** A refusal's messages beside their controls (decision 120), the rest above the form. */
  const showServerProblem = (error: unknown, sent: RuleDraft) => {
    const placed = placeErrors(serverFieldErrors(error), sent);
    if (!hasErrors(placed)) placed.other.push(serverMessageOf(error) ?? TEXTS.saveFailed);
    setErrors(placed);
    focus.focusFirstInvalid();
    notifyFailure(TEXTS.saveFailed, error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = ruleDraftProblems(draft, fields);
    if (Object.keys(problems).length > 0) {
      setErrors(placeErrors(problems, draft));
      focus.focusFirstInvalid();
      return;
    }
    setErrors(NO_ERRORS);
    const sent = draft;
    const input = ruleInputOf(sent, fields);
    const done = {
      onSuccess: () => {
        notifySuccess(TEXTS.saved);
        onDone();
      },
      onError: (error: unknown) => showServerProblem(error, sent),
    };
    if (rule) update.mutate({ id: rule.id, input }, done);
    else create.mutate(input, done);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="min-w-0 space-y-5">
      {errors.other.length > 0 && (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {errors.other.join(' ')}
        </p>
      )}
      <TextField
        id="rule-name"
        label={TEXTS.name}
        maxLength={RULE_LIMITS.name}
        autoComplete="off"
        value={draft.name}
        error={errors.name}
        onChange={(event) => change({ name: event.target.value }, { name: undefined })}
      />
      <div className="space-y-2">
        <Label htmlFor={kindId}>{TEXTS.kind}</Label>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <div className="w-full sm:w-48">
            <ChoiceSelect
              id={kindId}
              value={draft.kind}
              onChange={(kind) => change({ kind: kind as RuleKind }, { kind: undefined, events: undefined })}
              choices={KIND_CHOICES}
              error={errors.kind}
              hintId={kindHintId}
            />
          </div>
          <p id={kindHintId} className="min-w-0 flex-1 basis-56 text-xs text-muted-foreground">
            {TEXTS.kindHints[draft.kind]}
          </p>
        </div>
        <FieldMessage id={kindId} error={errors.kind} />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={activeId}
          className="mt-0.5"
          checked={draft.active}
          onCheckedChange={(checked) => change({ active: checked === true })}
          aria-describedby={activeHintId}
        />
        <div className="space-y-1">
          <Label htmlFor={activeId}>{TEXTS.active}</Label>
          <p id={activeHintId} className="text-xs text-muted-foreground">
            {TEXTS.activeHint}
          </p>
        </div>
      </div>
      {draft.kind === 'trigger' && (
        <fieldset
          className="space-y-2"
          aria-describedby={errors.events ? `${eventsErrorId} ${eventsHintId}` : eventsHintId}
        >
          <legend className="text-sm leading-none font-medium">{TEXTS.events}</legend>
          <p id={eventsHintId} className="text-xs text-muted-foreground">
            {TEXTS.eventsHint}
          </p>
          <div className="flex flex-wrap gap-x-5 gap-y-2 pt-1">
            {RULE_EVENTS.map((event) => (
              <div key={event} className="flex items-center gap-2">
                <Checkbox
                  id={`rule-event-${event}`}
                  checked={draft.events.includes(event)}
                  aria-invalid={errors.events ? true : undefined}
                  onCheckedChange={(checked) =>
                    change(
                      { events: withEvent(draft.events, event, checked === true) },
                      { events: undefined },
                    )
                  }
                />
                <Label htmlFor={`rule-event-${event}`} className="font-normal">
                  {RULE_EVENT_LABELS[event]}
                </Label>
              </div>
            ))}
          </div>
          {errors.events && (
            <p id={eventsErrorId} className="text-sm text-destructive">
              {errors.events}
            </p>
          )}
        </fieldset>
      )}
      {(['all', 'any'] as const).map((group) => (
        <ConditionsFieldset
          key={group}
          group={group}
          draft={draft}
          fields={fields}
          offered={offered}
          errors={errors}
          addRef={(button) => {
            addButtons.current[group] = button;
          }}
          onAdd={() => addCondition(group)}
          onChange={(index, condition) =>
            changeRow(condition.row, {
              [group]: draft[group].map((each, at) => (at === index ? condition : each)),
            })
          }
          onRemove={(row) => removeCondition(group, row)}
        />
      ))}
      <RulePreviewLine draft={draft} fields={fields} />
      <fieldset
        className="space-y-2 rounded-md border p-3 pt-2"
        aria-describedby={
          errors.actions ? `${fieldErrorId('rule-actions')} rule-actions-hint` : 'rule-actions-hint'
        }
      >
        <legend className="px-1 text-sm font-medium">{TEXTS.actions}</legend>
        <p id="rule-actions-hint" className="text-xs text-muted-foreground">
          {TEXTS.actionsHint}
        </p>
        {draft.actions.length > 0 && (
          <ol className="space-y-3" aria-label={TEXTS.actions}>
            {draft.actions.map((action, index) => (
              <RuleActionRow
                key={action.row}
                action={action}
                rowName={TEXTS.action(index)}
                kind={draft.kind}
                fields={fields}
                activeFields={offered}
                errors={errors.rows[action.row]}
                onChange={(next) =>
                  changeRow(action.row, {
                    actions: draft.actions.map((each, at) => (at === index ? next : each)),
                  })
                }
                onRemove={() => removeAction(action.row)}
              />
            ))}
          </ol>
        )}
        <FieldMessage id="rule-actions" error={errors.actions} />
        <Button
          ref={(button) => {
            addButtons.current.actions = button;
          }}
          type="button"
          variant="outline"
          size="sm"
          disabled={draft.actions.length >= RULE_LIMITS.actions}
          onClick={addAction}
        >
          <Plus aria-hidden="true" />
          {TEXTS.addAction}
        </Button>
      </fieldset>
      <DialogActions
        cancelLabel={TEXTS.cancel}
        onCancel={onDone}
        submitLabel={TEXTS.saveRule}
        pending={create.isPending || update.isPending}
      />
    </form>
  );
}

interface ConditionsFieldsetProps {
  group: ConditionGroup;
  draft: RuleDraft;
  fields: FieldsByKey;
  offered: readonly TicketField[];
  errors: PlacedErrors;
  addRef: (button: HTMLButtonElement | null) => void;
  onAdd: () => void;
  onChange: (index: number, condition: RuleDraft['all'][number]) => void;
  onRemove: (row: string) => void;
}

/** "All of these" or "Any of these": its conditions, each a row, and Add Condition. */
function ConditionsFieldset({
  group,
  draft,
  fields,
  offered,
  errors,
  addRef,
  onAdd,
  onChange,
  onRemove,
}: ConditionsFieldsetProps) {
  const rows = draft[group];
  const hintId = `rule-${group}-hint`;
  const errorId = fieldErrorId(`rule-${group}`);
  const groupError = errors[group];
  return (
    <fieldset
      className="space-y-2 rounded-md border p-3 pt-2"
      aria-describedby={groupError ? `${errorId} ${hintId}` : hintId}
    >
      <legend className="px-1 text-sm font-medium">{GROUP_NAMES[group]}</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        {GROUP_HINTS[group]}
      </p>
      {rows.length > 0 && (
        <ol className="space-y-3" aria-label={GROUP_NAMES[group]}>
          {rows.map((condition, index) => (
            <RuleConditionRow
              key={condition.row}
              condition={condition}
              rowName={TEXTS.condition(index)}
              groupName={GROUP_NAMES[group]}
              kind={draft.kind}
              fields={fields}
              activeFields={offered}
              errors={errors.rows[condition.row]}
              onChange={(next) => onChange(index, next)}
              onRemove={() => onRemove(condition.row)}
            />
          ))}
        </ol>
      )}
      <FieldMessage id={`rule-${group}`} error={groupError} />
      <Button
        ref={addRef}
        type="button"
        variant="outline"
        size="sm"
        disabled={rows.length >= RULE_LIMITS.conditions}
        onClick={onAdd}
      >
        <Plus aria-hidden="true" />
        {TEXTS.addCondition}
        <span className="sr-only"> ({GROUP_NAMES[group]})</span>
      </Button>
    </fieldset>
  );
}
