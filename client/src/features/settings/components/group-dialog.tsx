import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import {
  createGroupSchema,
  GROUP_ASSIGNMENTS,
  GROUP_LIMITS,
  GROUP_TEXTS as TEXTS,
  type CreateGroupInput,
  type Group,
  type GroupAssignment,
} from '@shared/contracts/groups';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/field-errors';
import { useCreateGroup, useUpdateGroup } from '../api/groups';
import { groupDraftOf, type GroupDraft } from '../lib/group-form';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { GroupMembersField } from './group-members-field';

interface GroupDialogProps {
  open: boolean;
  /** The group to edit; null adds one. */
  group: Group | null;
  onOpenChange: (open: boolean) => void;
}

/** Add Group / Edit Group (issue 39): name, description, address, private, assignment and members. */
export function GroupDialog({ open, group, onOpenChange }: GroupDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
      title={group ? TEXTS.editGroup : TEXTS.addGroup}
      description={TEXTS.dialogDescription}
    >
      {/* Mounted afresh at each opening (the dialog's content is), so each opens with the group's values. */}
      <GroupForm key={group?.id ?? 'new'} group={group} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const FIELDS = ['name', 'description', 'emailAddress', 'private', 'assignment', 'members'] as const;
const isFormField = (path: string): path is FieldPath<GroupDraft> =>
  (FIELDS as readonly string[]).includes(path);

const isAssignment = (value: string): value is GroupAssignment =>
  (GROUP_ASSIGNMENTS as readonly string[]).includes(value);

/**
 * The contract's own check (createGroupSchema), so a mistake is named at its field before anything is
 * sent; the draft's fields are the schema's, its address text that the schema makes null when empty.
 */
type GroupResolver = Resolver<GroupDraft, unknown, CreateGroupInput>;
const groupResolver: GroupResolver = async (values, context, options) =>
  (await zodResolver(createGroupSchema)(values, context, options as never)) as Awaited<
    ReturnType<GroupResolver>
  >;

function GroupForm({ group, onDone }: { group: Group | null; onDone: () => void }) {
  const form = useForm<GroupDraft, unknown, CreateGroupInput>({
    defaultValues: groupDraftOf(group),
    resolver: groupResolver,
  });
  const focus = useFocusFirstInvalid();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const { errors } = form.formState;
  const assignmentId = useId();
  const privateId = useId();
  const privateHintId = useId();
  const addressHintId = useId();

  /** A 400 or a 409 names its field (decision 120): the message goes beside it, else above the form. */
  const showServerProblem = (error: unknown) => {
    const placed = Object.entries(serverFieldErrors(error)).filter(([path]) => isFormField(path));
    for (const [path, message] of placed) {
      form.setError(path as FieldPath<GroupDraft>, { type: 'server', message });
    }
    if (placed.length === 0) setFormProblem(serverMessageOf(error) ?? TEXTS.saveFailed);
    focus.focusFirstInvalid();
    notifyFailure(TEXTS.saveFailed, error);
  };

  const submit = (input: CreateGroupInput) => {
    setFormProblem(null);
    const done = {
      onSuccess: () => {
        notifySuccess(TEXTS.saved);
        onDone();
      },
      onError: showServerProblem,
    };
    if (group) update.mutate({ id: group.id, update: input }, done);
    else create.mutate(input, done);
  };

  return (
    <form
      ref={focus.ref}
      noValidate
      onSubmit={form.handleSubmit(submit, focus.focusFirstInvalid)}
      className="space-y-4"
    >
      {formProblem && (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {formProblem}
        </p>
      )}
      <TextField
        id="group-name"
        label={TEXTS.name}
        maxLength={GROUP_LIMITS.name}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormField id="group-description" label={TEXTS.description} error={errors.description?.message}>
        <Textarea
          rows={2}
          maxLength={GROUP_LIMITS.description}
          {...fieldAria('group-description', errors.description?.message)}
          {...form.register('description')}
        />
      </FormField>
      <div className="space-y-1">
        <TextField
          id="group-email-address"
          label={TEXTS.emailAddress}
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={GROUP_LIMITS.emailAddress}
          hintId={addressHintId}
          error={errors.emailAddress?.message}
          {...form.register('emailAddress')}
        />
        <p id={addressHintId} className="text-xs text-muted-foreground">
          {TEXTS.emailAddressHint}
        </p>
      </div>
      <Controller
        control={form.control}
        name="private"
        render={({ field }) => (
          <div className="flex items-start gap-2">
            <Checkbox
              id={privateId}
              ref={field.ref}
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-describedby={privateHintId}
              aria-invalid={errors.private ? true : undefined}
            />
            <div className="space-y-1">
              <Label htmlFor={privateId}>{TEXTS.private}</Label>
              <p id={privateHintId} className="text-xs text-muted-foreground">
                {errors.private?.message ?? TEXTS.privateHint}
              </p>
            </div>
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="assignment"
        render={({ field }) => (
          <FormField id={assignmentId} label={TEXTS.assignment} error={errors.assignment?.message}>
            <Select
              value={field.value}
              onValueChange={(next) => {
                if (isAssignment(next)) field.onChange(next);
              }}
            >
              <SelectTrigger ref={field.ref} {...fieldAria(assignmentId, errors.assignment?.message)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {GROUP_ASSIGNMENTS.map((assignment) => (
                  <SelectItem key={assignment} value={assignment}>
                    {TEXTS.assignmentLabels[assignment]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="members"
        render={({ field }) => (
          <GroupMembersField value={field.value} onChange={field.onChange} error={errors.members?.message} />
        )}
      />
      <DialogActions
        cancelLabel={TEXTS.cancel}
        onCancel={onDone}
        submitLabel={TEXTS.saveGroup}
        pending={create.isPending || update.isPending}
      />
    </form>
  );
}
