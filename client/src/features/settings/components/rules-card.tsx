import { ChevronDown, GripVertical, Pencil, Plus, Trash2, TriangleAlert, Workflow } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { RULE_EVENT_LABELS, type Rule } from '@shared/contracts/rules';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/lib/utils';
import { useDeleteRule, useReorderRules, useRules, useUpdateRule } from '../api/rules';
import { moved } from '../lib/ticket-field-form';
import { attentionPlace, droppedOrder, savedRuleInput } from '../lib/rule-form';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';
import { ActiveSwitch } from './active-switch';
import { focusMoveButton, MoveButtons, type MoveDirection } from './move-buttons';
import { RuleEditorDialog } from './rule-editor-dialog';
import { RuleRuns } from './rule-runs';
import { SettingLoader } from './setting-loader';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; rule: Rule };

/**
 * Settings → Rules (issue 40, admins): every rule in the order it runs, with its Active switch, Move
 * Up / Move Down and drag to reorder, Edit, Delete and its last runs; Add Rule. The three examples
 * the server ships (inactive) are rules like any other here.
 */
export function RulesCard() {
  const rules = useRules();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const remove = useDeleteRule();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(TEXTS.deleted),
      onError: (error) => notifyFailure(TEXTS.deleteFailed, error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <SectionCard title={TEXTS.title} description={TEXTS.description} icon={Workflow}>
      <div className="space-y-4">
        <Button onClick={() => setEditing({ mode: 'new' })}>
          <Plus aria-hidden="true" />
          {TEXTS.addRule}
        </Button>
        <SettingLoader query={rules} skeletonRows={['h-16', 'h-16', 'h-16']} errorText={TEXTS.loadFailed}>
          {(list) =>
            list.length === 0 ? (
              <div className="space-y-1 rounded-md border border-dashed p-4 text-sm">
                <p className="font-medium">{TEXTS.empty}</p>
                <p className="text-muted-foreground">{TEXTS.emptyHint}</p>
              </div>
            ) : (
              <RuleList
                rules={list}
                onEdit={(rule) => setEditing({ mode: 'edit', rule })}
                onDelete={setDeleting}
              />
            )
          }
        </SettingLoader>
      </div>
      <RuleEditorDialog
        open={editing.mode !== 'closed'}
        rule={editing.mode === 'edit' ? editing.rule : null}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={TEXTS.deleteRule}
        description={deleting ? TEXTS.confirmDelete(deleting.name) : ''}
        cancelLabel={TEXTS.cancel}
        confirmLabel={TEXTS.delete}
        destructive
        confirmDisabled={remove.isPending}
        onConfirm={(event) => {
          // Open until the server answers, so a failure is told where it was asked.
          event.preventDefault();
          confirmDelete();
        }}
      />
    </SectionCard>
  );
}

interface RuleListProps {
  rules: Rule[];
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}

type DropPlace = { id: string; place: 'before' | 'after' };

/**
 * The rules in the order they run. Move Up / Move Down reorder from the keyboard; a row's grip drags
 * it (native drag and drop: a library would cost the bundle more than the list is worth). Either way
 * the whole order is sent (PUT /api/rules/order), shown at once, and said to screen readers.
 */
function RuleList({ rules, onEdit, onDelete }: RuleListProps) {
  const reorder = useReorderRules();
  const update = useUpdateRule();
  const listRef = useRef<HTMLOListElement>(null);
  const [movedRow, setMovedRow] = useState<{
    row: string;
    direction: MoveDirection;
    position: number;
  } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The grip pressed: only then is the row draggable, so selecting a rule's text never drags it.
  const [armed, setArmed] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<DropPlace | null>(null);
  // Once the list shows its new order, focus goes back to the moved row's button.
  useEffect(() => {
    if (!movedRow || rules[movedRow.position]?.id !== movedRow.row) return;
    focusMoveButton(listRef.current, movedRow.row, movedRow.direction);
    setMovedRow(null);
  }, [movedRow, rules]);

  const sendOrder = (rule: Rule, ids: string[]) => {
    const place = ids.indexOf(rule.id) + 1;
    reorder.mutate(ids, { onError: (error) => notifyFailure(TEXTS.moveFailed, error) });
    setAnnouncement(TEXTS.moved(rule.name, place, ids.length));
  };

  const move = (rule: Rule, index: number, direction: MoveDirection) => {
    // One move at a time: the next is counted from the order the first one leaves.
    if (reorder.isPending) return;
    const position = direction === 'up' ? index - 1 : index + 1;
    setMovedRow({ row: rule.id, direction, position });
    sendOrder(
      rule,
      moved(
        rules.map((each) => each.id),
        index,
        position,
      ),
    );
  };

  const endDrag = () => {
    setArmed(null);
    setDragged(null);
    setOver(null);
  };
  const dragOver = (event: DragEvent<HTMLLIElement>, rule: Rule) => {
    if (!dragged) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const place = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
    if (over?.id !== rule.id || over.place !== place) setOver({ id: rule.id, place });
  };
  const drop = (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    const rule = rules.find((each) => each.id === dragged);
    const ids = rules.map((each) => each.id);
    const order = rule && over ? droppedOrder(ids, rule.id, over.id, over.place) : ids;
    endDrag();
    if (rule && !reorder.isPending && order.some((id, index) => id !== ids[index])) sendOrder(rule, order);
  };

  const toggleActive = (rule: Rule) =>
    update.mutate(
      { id: rule.id, input: savedRuleInput(rule, !rule.active) },
      {
        onSuccess: () => notifySuccess(rule.active ? TEXTS.deactivated : TEXTS.activated),
        onError: (error) => notifyFailure(TEXTS.changeFailed, error),
      },
    );

  return (
    <>
      <ol ref={listRef} className="divide-y rounded-md border" aria-label={TEXTS.listLabel}>
        {rules.map((rule, index) => (
          <RuleRow
            key={rule.id}
            rule={rule}
            first={index === 0}
            last={index === rules.length - 1}
            draggable={armed === rule.id}
            dragging={dragged === rule.id}
            dropPlace={over?.id === rule.id && dragged !== rule.id ? over.place : null}
            switching={update.isPending && update.variables?.id === rule.id}
            onGrip={(pressed) => setArmed(pressed ? rule.id : null)}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', rule.name);
              setDragged(rule.id);
            }}
            onDragOver={(event) => dragOver(event, rule)}
            onDrop={drop}
            onDragEnd={endDrag}
            onMove={(direction) => move(rule, index, direction)}
            onToggle={() => toggleActive(rule)}
            onEdit={() => onEdit(rule)}
            onDelete={() => onDelete(rule)}
          />
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

interface RuleRowProps {
  rule: Rule;
  first: boolean;
  last: boolean;
  draggable: boolean;
  dragging: boolean;
  /** Where a dragged row would land, drawn as a line at this row's edge. */
  dropPlace: 'before' | 'after' | null;
  switching: boolean;
  onGrip: (pressed: boolean) => void;
  onDragStart: (event: DragEvent<HTMLLIElement>) => void;
  onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
  onMove: (direction: MoveDirection) => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function RuleRow({
  rule,
  first,
  last,
  draggable,
  dragging,
  dropPlace,
  switching,
  onGrip,
  onDragStart,
  onDragOver,
  onDrop,
  onDragEnd,
  onMove,
  onToggle,
  onEdit,
  onDelete,
}: RuleRowProps) {
  const [runsOpen, setRunsOpen] = useState(false);
  return (
    <Collapsible open={runsOpen} onOpenChange={setRunsOpen} asChild>
      <li
        className={cn('relative space-y-2 p-3', dragging && 'opacity-50')}
        draggable={draggable}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDrop={onDrop}
        onDragEnd={onDragEnd}
      >
        {dropPlace && (
          <span
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute inset-x-0 h-0.5 bg-primary',
              dropPlace === 'before' ? 'top-0' : 'bottom-0',
            )}
          />
        )}
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
          <div className="flex min-w-0 flex-1 basis-64 gap-2">
            {/* The keyboard's way is Move Up / Move Down; the grip is the pointer's. */}
            <span
              aria-hidden="true"
              title={TEXTS.dragHint}
              className="-ml-1 cursor-grab touch-none pt-0.5 text-muted-foreground active:cursor-grabbing"
              onPointerDown={() => onGrip(true)}
              onPointerUp={() => onGrip(false)}
            >
              <GripVertical className="size-4" />
            </span>
            <RuleSummary rule={rule} />
          </div>
          <div className="flex flex-wrap items-center">
            <ActiveSwitch checked={rule.active} name={rule.name} disabled={switching} onToggle={onToggle} />
            <MoveButtons row={rule.id} name={rule.name} first={first} last={last} onMove={onMove} />
            {/* Narrower than the usual small button and no gaps: the row's actions fit one line at 390 px. */}
            <Button variant="ghost" size="sm" className="px-2" onClick={onEdit}>
              <Pencil aria-hidden="true" />
              {TEXTS.edit}
              <span className="sr-only"> {rule.name}</span>
            </Button>
            <Button variant="ghost" size="sm" className="px-2" onClick={onDelete}>
              <Trash2 aria-hidden="true" />
              {TEXTS.delete}
              <span className="sr-only"> {rule.name}</span>
            </Button>
          </div>
        </div>
        {/* One block: a closed list leaves no gap under its button. */}
        <div>
          <CollapsibleTrigger asChild>
            <Button variant="ghost" size="sm" className="-my-1 -ml-2 px-2 text-muted-foreground">
              <ChevronDown
                aria-hidden="true"
                className={cn('transition-transform', runsOpen && 'rotate-180')}
              />
              {TEXTS.lastRuns}
              <span className="sr-only"> {rule.name}</span>
            </Button>
          </CollapsibleTrigger>
          <CollapsibleContent className="pt-1">
            <RuleRuns ruleId={rule.id} ruleName={rule.name} />
          </CollapsibleContent>
        </div>
      </li>
    </Collapsible>
  );
}

/** The rule's name and marks, what fires it and how much it holds, and what needs attention. */
function RuleSummary({ rule }: { rule: Rule }) {
  const conditions = rule.conditions.all.length + rule.conditions.any.length;
  const fired =
    rule.kind === 'trigger' ? rule.events.map((event) => RULE_EVENT_LABELS[event]).join(', ') : null;
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('font-medium break-words', !rule.active && 'text-muted-foreground')}>
          {rule.name}
        </span>
        <Badge variant="secondary">{TEXTS.kindLabels[rule.kind]}</Badge>
        {!rule.active && <Badge variant="outline">{TEXTS.inactive}</Badge>}
        {rule.needsAttention.length > 0 && (
          <Badge variant="warning">
            <TriangleAlert aria-hidden="true" className="size-3" />
            {TEXTS.needsAttention}
          </Badge>
        )}
      </div>
      <p className="text-xs break-words text-muted-foreground">
        {[
          fired,
          conditions === 0 ? null : TEXTS.conditionCount(conditions),
          TEXTS.actionCount(rule.actions.length),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {rule.needsAttention.length > 0 && (
        <ul className="space-y-0.5 text-xs break-words text-amber-900">
          {rule.needsAttention.map((problem) => (
            <li key={`${problem.path} ${problem.message}`}>
              {attentionPlace(problem.path, rule)}: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
