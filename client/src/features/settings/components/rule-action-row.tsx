import {
  NOTIFY_TARGETS,
  RULE_ACTION_KINDS,
  RULE_ACTION_LABELS,
  type RuleActionKind,
  type RuleKind,
} from '@shared/contracts/rules';
import type { TicketField } from '@shared/contracts/ticket-fields';
import {
  actionShape,
  withActionKey,
  withActionKind,
  withNotifyTarget,
  type ActionDraft,
  type FieldsByKey,
  type NotifyTarget,
  type RowErrors,
} from '../lib/rule-form';
import { NOTIFY_TARGET_LABELS, RULES_TEXTS as TEXTS } from '../lib/rules-texts';
import { WIDE_SHAPES } from './rule-condition-row';
import { RuleValueInput } from './rule-value-input';
import { RowSelect, RuleRowFrame } from './rule-row-parts';

const KIND_CHOICES = RULE_ACTION_KINDS.map((kind) => ({ value: kind, label: RULE_ACTION_LABELS[kind] }));
const NOTIFY_CHOICES = NOTIFY_TARGETS.map((to) => ({ value: to, label: NOTIFY_TARGET_LABELS[to] }));

interface RuleActionRowProps {
  action: ActionDraft;
  /** "Action 1": the row's heading, heard before each of its labels. */
  rowName: string;
  kind: RuleKind;
  fields: FieldsByKey;
  activeFields: readonly TicketField[];
  errors: RowErrors | undefined;
  onChange: (action: ActionDraft) => void;
  onRemove: () => void;
}

/**
 * One action (issue 40): what it does, then what with: a status, a priority, a group, an assignee,
 * tags, a custom field and its value, a note's text, a team canned response, or whom to notify.
 */
export function RuleActionRow({
  action,
  rowName,
  kind,
  fields,
  activeFields,
  errors,
  onChange,
  onRemove,
}: RuleActionRowProps) {
  const kindId = `${action.row}-kind`;
  const keyId = `${action.row}-key`;
  const toId = `${action.row}-to`;
  const shape = actionShape(action, fields);
  const field = action.kind === 'set_field' ? fields.get(action.key) : undefined;
  const fieldChoices = activeFields.map((each) => ({ value: each.key, label: each.label }));
  return (
    <RuleRowFrame rowName={rowName} removeName={rowName} onRemove={onRemove}>
      <div className="grid gap-2 sm:grid-cols-2">
        <RowSelect
          id={kindId}
          rowName={rowName}
          label={TEXTS.actionKind}
          value={action.kind}
          onChange={(next) => onChange(withActionKind(action, next as RuleActionKind, fields))}
          choices={KIND_CHOICES}
          error={errors?.kind}
        />
        {action.kind === 'set_field' && (
          <RowSelect
            id={keyId}
            rowName={rowName}
            label={TEXTS.customField}
            value={action.key}
            onChange={(key) => onChange(withActionKey(action, key, fields))}
            choices={fieldChoices}
            unlistedLabel={field?.label ?? TEXTS.unknownField(action.key)}
            error={errors?.key}
          />
        )}
        {action.kind === 'notify' && (
          <RowSelect
            id={toId}
            rowName={rowName}
            label={TEXTS.notifyWho}
            value={action.to}
            onChange={(to) => onChange(withNotifyTarget(action, to as NotifyTarget, fields))}
            choices={NOTIFY_CHOICES}
            error={errors?.to}
          />
        )}
        <RuleValueInput
          shape={shape}
          id={action.row}
          rowName={rowName}
          value={action.value}
          onChange={(value) => onChange({ ...action, value })}
          error={errors?.value}
          field={field}
          kind={kind}
          className={WIDE_SHAPES.includes(shape) ? 'sm:col-span-2' : undefined}
        />
        {action.kind === 'set_field' && action.key !== '' && (
          <p className="self-end text-xs text-muted-foreground sm:col-span-2">{TEXTS.clearsHint}</p>
        )}
      </div>
    </RuleRowFrame>
  );
}
