import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { newMailboxFormValues, type EmailSettingsFormValues } from '../lib/email-settings-form';

/**
 * The mailboxes after the first as a list the admin adds to and removes from (issue 39).
 *
 * Not react-hook-form's useFieldArray: the sign-in page loads the same library (its forms), and the
 * field-array code put it over its bundle budget (scripts/bundle-budget.mjs). Instead the list is
 * one form value, replaced whole; after a removal every mailbox is mounted afresh (the keys change),
 * so each input registers again and takes its value from the form at its new place.
 */
export function useMailboxList(form: UseFormReturn<EmailSettingsFormValues>) {
  const entries = useWatch({ control: form.control, name: 'moreMailboxes' });
  const [removals, setRemovals] = useState(0);
  const replace = (next: EmailSettingsFormValues['moreMailboxes']) =>
    form.setValue('moreMailboxes', next, { shouldDirty: true });
  return {
    entries,
    keyOf: (position: number) => `${removals}-${position}`,
    append: () => replace([...form.getValues('moreMailboxes'), newMailboxFormValues()]),
    remove: (position: number) => {
      form.clearErrors('moreMailboxes');
      replace(form.getValues('moreMailboxes').filter((_, index) => index !== position));
      setRemovals((count) => count + 1);
    },
  };
}
