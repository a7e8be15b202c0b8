import { describe, expect, it } from 'vitest';
import type { TicketField } from '@shared/contracts/ticket-fields';
import {
  checkCloseFields,
  customFieldsPatch,
  draftOf,
  fieldsToShow,
  listOfLabels,
  missingToClose,
  valueOfDraft,
} from './custom-field-drafts';
import { newTicketFields } from './new-ticket-fields';

const field = (key: string, type: TicketField['type'], extra: Partial<TicketField> = {}): TicketField => ({
  id: key,
  key,
  label: key[0]!.toUpperCase() + key.slice(1),
  type,
  options: [],
  requiredToClose: false,
  active: true,
  position: 0,
  portal: false,
  ...extra,
});

const category = field('category', 'dropdown', {
  options: [
    { value: 'network', label: 'Network', active: true },
    { value: 'fax', label: 'Fax', active: false },
  ],
});
const seats = field('seats', 'number');
const due = field('due', 'date');
const vip = field('vip', 'checkbox');

describe('valueOfDraft (an input read as the server checks it)', () => {
  it('when the draft is empty text, no option or never-ticked, then it stands for no value', () => {
    expect(valueOfDraft(seats, '  ')).toEqual({ ok: true, value: null });
    expect(valueOfDraft(category, '')).toEqual({ ok: true, value: null });
    expect(valueOfDraft(vip, null)).toEqual({ ok: true, value: null });
    expect(valueOfDraft(field('parts', 'multiselect'), [])).toEqual({ ok: true, value: null });
  });

  it('when a number is typed, then it is sent as a number, and a fraction in a whole-number field is refused', () => {
    expect(valueOfDraft(seats, ' 12 ')).toEqual({ ok: true, value: 12 });
    expect(valueOfDraft(seats, '1.5')).toEqual({ ok: false, problem: 'Must be a whole number' });
    expect(valueOfDraft(field('cost', 'decimal'), '1.5')).toEqual({ ok: true, value: 1.5 });
  });

  it('when an option is no longer active, then it cannot be newly chosen', () => {
    expect(valueOfDraft(category, 'fax').ok).toBe(false);
    expect(valueOfDraft(category, 'network')).toEqual({ ok: true, value: 'network' });
  });

  it('when a checkbox was unticked, then that is an answer: false', () => {
    expect(valueOfDraft(vip, false)).toEqual({ ok: true, value: false });
  });
});

describe('customFieldsPatch (Save Fields)', () => {
  const stored = { category: 'network', seats: 3 };

  it('when only some fields were touched, then only those whose value changes are sent, null for a cleared one', () => {
    const patch = customFieldsPatch([category, seats, due], stored, {
      seats: '',
      due: '2026-12-01',
      category: 'network',
    });
    expect(patch).toEqual({ changes: { seats: null, due: '2026-12-01' }, problems: {} });
  });

  it('when a value is refused, then its message is given by key', () => {
    const patch = customFieldsPatch([due], stored, { due: '2026-13-45' });
    expect(patch.problems.due).toBe('Must be a date as YYYY-MM-DD');
  });

  it('when the draft starts from a stored value, then it reads as that value', () => {
    expect(draftOf(seats, 3)).toBe('3');
    expect(draftOf(vip, undefined)).toBeNull();
    expect(draftOf(category, undefined)).toBe('');
  });
});

describe('fieldsToShow and missingToClose', () => {
  const old = field('site', 'text', { active: false, position: 1 });
  const gone = field('legacy', 'text', { active: false, position: 2 });
  const required = field('cause', 'text', { requiredToClose: true, position: 3 });

  it('when a field is inactive, then it shows only on tickets that still have a value, by position', () => {
    expect(fieldsToShow([required, gone, old, category], { site: 'HQ' }).map((f) => f.key)).toEqual([
      'category',
      'site',
      'cause',
    ]);
  });

  it('when a field required to close has no value, then closing asks for it; an inactive one asks nothing', () => {
    const inactive = { ...required, key: 'old_cause', active: false };
    expect(missingToClose([required, inactive, category], {}).map((f) => f.key)).toEqual(['cause']);
    expect(missingToClose([required], { cause: 'Cable' })).toEqual([]);
  });

  it('when closing with a field left empty, then it is named for the toast and beside the input', () => {
    const check = checkCloseFields([required, seats], { cause: '', seats: '2' });
    expect(check).toEqual({
      values: { seats: 2 },
      errors: { cause: 'Cause is required to close this ticket' },
      empty: ['Cause'],
    });
  });

  it('when several labels are listed, then they read as the spec’s toast does', () => {
    expect(listOfLabels(['Category'])).toBe('Category');
    expect(listOfLabels(['Category', 'Device', 'Site'])).toBe('Category, Device, and Site');
  });
});

describe('newTicketFields (New Ticket)', () => {
  it('when some fields are left empty, then only the filled ones are sent', () => {
    expect(newTicketFields([category, seats, vip], { category: 'network', seats: '' })).toEqual({
      values: { category: 'network' },
      problems: {},
    });
  });
});
