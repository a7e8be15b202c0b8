import { ListPlus, Pencil, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  hasOptions,
  TICKET_FIELD_TYPE_LABELS,
  type TicketField,
  type UpdateTicketFieldInput,
} from '@shared/contracts/ticket-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { useTicketFields } from '@/lib/ticket-fields';
import { cn } from '@/lib/utils';
import { useUpdateTicketField } from '../api/ticket-fields';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';
import { TICKET_FIELDS_TEXTS as TEXTS } from '../lib/ticket-fields-texts';
import { focusMoveButton, MoveButtons, type MoveDirection } from './move-buttons';
import { SettingLoader } from './setting-loader';
import { TicketFieldDialog } from './ticket-field-dialog';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; field: TicketField };

/**
 * Settings → Ticket Fields (issue 38, admins): every field by position, with Add Field, Edit,
 * Deactivate / Activate and Move Up / Move Down. Nothing here deletes: a field or an option is
 * deactivated, so the tickets holding its values keep them.
 */
export function TicketFieldsCard() {
  const fields = useTicketFields();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  return (
    <SectionCard title={TEXTS.title} description={TEXTS.description} icon={ListPlus}>
      <div className="space-y-4">
        <Button onClick={() => setEditing({ mode: 'new' })}>
          <Plus aria-hidden="true" />
          {TEXTS.addField}
        </Button>
        <SettingLoader query={fields} skeletonRows={['h-14', 'h-14', 'h-14']} errorText={TEXTS.loadFailed}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">{TEXTS.empty}</p>
            ) : (
              <FieldList fields={list} onEdit={(field) => setEditing({ mode: 'edit', field })} />
            )
          }
        </SettingLoader>
      </div>
      <TicketFieldDialog
        open={editing.mode !== 'closed'}
        field={editing.mode === 'edit' ? editing.field : null}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
      />
    </SectionCard>
  );
}

interface FieldListProps {
  fields: TicketField[];
  onEdit: (field: TicketField) => void;
}

function FieldList({ fields, onEdit }: FieldListProps) {
  const update = useUpdateTicketField();
  const listRef = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ row: string; direction: MoveDirection; position: number } | null>(
    null,
  );
  const [announcement, setAnnouncement] = useState('');
  // Once the list is read again in its new order, focus goes back to the moved row's button.
  useEffect(() => {
    if (!moved || fields[moved.position]?.id !== moved.row) return;
    focusMoveButton(listRef.current, moved.row, moved.direction);
    setMoved(null);
  }, [moved, fields]);

  const change = (field: TicketField, input: UpdateTicketFieldInput, onSuccess: () => void) =>
    update.mutate(
      { id: field.id, update: input },
      { onSuccess, onError: (error) => notifyFailure(TEXTS.changeFailed, error) },
    );

  const move = (field: TicketField, index: number, direction: MoveDirection) => {
    // One move at a time: the next one's position is counted from the list the first one leaves.
    if (update.isPending) return;
    const position = direction === 'up' ? index - 1 : index + 1;
    change(field, { position }, () => {
      setMoved({ row: field.id, direction, position });
      setAnnouncement(TEXTS.moved(field.label, position + 1, fields.length));
    });
  };

  const toggleActive = (field: TicketField) =>
    change(field, { active: !field.active }, () =>
      field.active
        ? notifySuccess(TEXTS.deactivated, TEXTS.deactivatedDetail)
        : notifySuccess(TEXTS.activated),
    );

  return (
    <>
      <ol ref={listRef} className="divide-y rounded-md border" aria-label={TEXTS.listLabel}>
        {fields.map((field, index) => (
          <li key={field.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
            <FieldSummary field={field} />
            <div className="flex flex-wrap items-center">
              <MoveButtons
                row={field.id}
                name={field.label}
                first={index === 0}
                last={index === fields.length - 1}
                onMove={(direction) => move(field, index, direction)}
              />
              {/* Narrower than the usual small button and no gaps: the four actions fit one line at 390 px. */}
              <Button variant="ghost" size="sm" className="px-2" onClick={() => onEdit(field)}>
                <Pencil aria-hidden="true" />
                {TEXTS.edit}
                <span className="sr-only"> {field.label}</span>
              </Button>
              <Button variant="ghost" size="sm" className="px-2" onClick={() => toggleActive(field)}>
                {field.active ? TEXTS.deactivate : TEXTS.activate}
                <span className="sr-only"> {field.label}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/** The field's label and marks, then its key (and how many options it has). */
function FieldSummary({ field }: { field: TicketField }) {
  return (
    <div className="min-w-0 flex-1 basis-56 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('font-medium break-words', !field.active && 'text-muted-foreground')}>
          {field.label}
        </span>
        <Badge variant="secondary">{TICKET_FIELD_TYPE_LABELS[field.type]}</Badge>
        {field.requiredToClose && <Badge variant="outline">{TEXTS.requiredToCloseMarker}</Badge>}
        {field.portal && <Badge variant="outline">{TEXTS.portalMarker}</Badge>}
        {!field.active && <Badge variant="outline">{TEXTS.inactive}</Badge>}
      </div>
      <p className="text-xs break-words text-muted-foreground">
        {TEXTS.keyPrefix} <code className="font-mono break-all">{field.key}</code>
        {hasOptions(field.type) && ` · ${TEXTS.optionCount(field.options.length)}`}
      </p>
    </div>
  );
}
