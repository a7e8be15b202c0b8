import { RULE_OP_LABELS, type RuleKind } from '@shared/contracts/rules';
import type { TicketField } from '@shared/contracts/ticket-fields';
import {
  conditionFieldChoices,
  conditionFieldLabel,
  conditionShape,
  customFieldKey,
  opsFor,
  withField,
  withOp,
  type ConditionDraft,
  type FieldsByKey,
  type RowErrors,
  type ValueShape,
} from '../lib/rule-form';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';
import { RuleValueInput } from './rule-value-input';
import { RowSelect, RuleRowFrame } from './rule-row-parts';

/** Values whose editor takes the row's whole width: several controls, or chips and boxes. */
export const WIDE_SHAPES: readonly ValueShape[] = ['tags', 'options', 'hoursSince', 'changed', 'note'];

interface RuleConditionRowProps {
  condition: ConditionDraft;
  /** "Condition 1": the row's heading, heard before each of its labels. */
  rowName: string;
  /** The group's name, in the Remove button's ("Remove Condition 1 (All of these)"). */
  groupName: string;
  kind: RuleKind;
  fields: FieldsByKey;
  activeFields: readonly TicketField[];
  errors: RowErrors | undefined;
  onChange: (condition: ConditionDraft) => void;
  onRemove: () => void;
}

/**
 * One condition (issue 40): the field (the fixed ones this kind may test, then the active custom
 * fields), its operators, and the value's editor for that field and operator.
 */
export function RuleConditionRow({
  condition,
  rowName,
  groupName,
  kind,
  fields,
  activeFields,
  errors,
  onChange,
  onRemove,
}: RuleConditionRowProps) {
  const fieldId = `${condition.row}-field`;
  const opId = `${condition.row}-op`;
  const shape = conditionShape(condition.field, condition.op, fields);
  const key = customFieldKey(condition.field);
  const opChoices = opsFor(condition.field, fields).map((op) => ({
    value: op,
    label: RULE_OP_LABELS[op] ?? op,
  }));
  return (
    <RuleRowFrame rowName={rowName} removeName={`${rowName} (${groupName})`} onRemove={onRemove}>
      {/* Operators read long ("contains none of the words"): their column is the widest of the three. */}
      <div className="grid gap-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,15rem)_minmax(0,1fr)]">
        <RowSelect
          id={fieldId}
          rowName={rowName}
          label={TEXTS.field}
          value={condition.field}
          onChange={(field) => onChange(withField(condition, field, fields))}
          choices={conditionFieldChoices(kind, activeFields)}
          unlistedLabel={conditionFieldLabel(condition.field, fields)}
          error={errors?.field}
        />
        <RowSelect
          id={opId}
          rowName={rowName}
          label={TEXTS.operator}
          value={condition.op}
          onChange={(op) => onChange(withOp(condition, op, fields))}
          choices={opChoices}
          unlistedLabel={RULE_OP_LABELS[condition.op] ?? condition.op}
          error={errors?.op}
        />
        <RuleValueInput
          shape={shape}
          id={condition.row}
          rowName={rowName}
          value={condition.value}
          onChange={(value) => onChange({ ...condition, value })}
          error={errors?.value}
          field={key === null ? undefined : fields.get(key)}
          kind={kind}
          className={WIDE_SHAPES.includes(shape) ? 'sm:col-span-3' : undefined}
        />
      </div>
    </RuleRowFrame>
  );
}
