import { describe, expect, it } from 'vitest';
import {
  createTicketFieldSchema,
  TICKET_FIELD_KEY_PATTERN,
  updateTicketFieldSchema,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import {
  createInputOf,
  draftOf,
  keyFromLabel,
  moved,
  newOption,
  optionValueFromLabel,
  updateInputOf,
} from './ticket-field-form';

const category: TicketField = {
  id: 'f1',
  key: 'category',
  label: 'Category',
  type: 'dropdown',
  options: [
    { value: 'network', label: 'Network', active: true },
    { value: 'printer', label: 'Printer', active: false },
  ],
  requiredToClose: true,
  active: true,
  position: 0,
  portal: false,
};

describe('the key a label suggests', () => {
  it('when the label has words, then they are joined by _ in lower case', () => {
    expect(keyFromLabel('Device Type')).toBe('device_type');
    expect(keyFromLabel('  Asset #  (Tag) ')).toBe('asset_tag');
  });

  it('when the label has accents, then the letters stay without them', () => {
    expect(keyFromLabel('Métier Équipe')).toBe('metier_equipe');
  });

  it('when the label starts with a digit, then the key starts with field_, as a key must start with a letter', () => {
    expect(keyFromLabel('2nd Line')).toBe('field_2nd_line');
  });

  it('when the label is long, then the key is cut to 40 characters without a trailing _', () => {
    const key = keyFromLabel('Very long label '.repeat(6));
    expect(key.length).toBeLessThanOrEqual(40);
    expect(key).not.toMatch(/_$/);
    expect(key).toMatch(TICKET_FIELD_KEY_PATTERN);
  });

  it('when the label has no latin letter or digit, then no key is suggested', () => {
    expect(keyFromLabel('Сеть')).toBe('');
    expect(keyFromLabel('  ')).toBe('');
  });

  it('when any label is turned into a key, then the key fits the contract’s pattern or is empty', () => {
    for (const label of [
      'Category',
      'Wi-Fi / LAN',
      '123',
      '_x_',
      'Ünïcödé',
      'a'.repeat(80),
      '9'.repeat(50),
    ]) {
      const key = keyFromLabel(label);
      if (key !== '') expect(key, label).toMatch(TICKET_FIELD_KEY_PATTERN);
    }
  });
});

describe('the value an option’s label suggests', () => {
  it('when the label has words, then they are joined by - in lower case, without commas or spaces', () => {
    expect(optionValueFromLabel('Wi-Fi / LAN')).toBe('wi-fi-lan');
    expect(optionValueFromLabel('Network, VPN')).toBe('network-vpn');
  });

  it('when the label is in another script, then its letters stay', () => {
    expect(optionValueFromLabel('Сеть')).toBe('сеть');
  });
});

describe('the dialog’s draft and what is sent', () => {
  it('when a new field is drafted, then it is a text field without options, not required, not in the portal', () => {
    expect(draftOf(null)).toEqual({
      label: '',
      key: '',
      type: 'text',
      requiredToClose: false,
      portal: false,
      options: [],
    });
  });

  it('when Show in portal is ticked, then portal is sent on create and on update, and the contract takes it', () => {
    const draft = { ...draftOf(null), label: 'Asset', key: 'asset', portal: true };
    expect(createInputOf(draft).portal).toBe(true);
    expect(createTicketFieldSchema.safeParse(createInputOf(draft)).success).toBe(true);
    expect(draftOf({ ...category, portal: true }).portal).toBe(true);
    const update = updateInputOf({ ...draftOf(category), portal: true }, category);
    expect(update.portal).toBe(true);
    expect(updateTicketFieldSchema.safeParse(update).success).toBe(true);
  });

  it('when a saved field is edited, then its options are marked saved, their values fixed', () => {
    expect(draftOf(category).options).toEqual([
      {
        row: expect.any(String),
        value: 'network',
        label: 'Network',
        active: true,
        saved: true,
        valueTouched: true,
      },
      {
        row: expect.any(String),
        value: 'printer',
        label: 'Printer',
        active: false,
        saved: true,
        valueTouched: true,
      },
    ]);
  });

  it('when rows are drafted, then each has its own row key, kept apart from what is sent', () => {
    const rows = [...draftOf(category).options, newOption(), newOption()].map((option) => option.row);
    expect(new Set(rows).size).toBe(4);
  });

  it('when a dropdown is created, then its options go without the editor’s marks and the body passes the contract', () => {
    const draft = {
      ...draftOf(null),
      label: 'Category',
      key: 'category',
      type: 'dropdown' as const,
      options: [{ ...newOption(), label: 'Network', value: 'network' }],
    };
    const input = createInputOf(draft);
    expect(input.options).toEqual([{ label: 'Network', value: 'network', active: true }]);
    expect(createTicketFieldSchema.safeParse(input).success).toBe(true);
  });

  it('when the type is changed to one without options, then the editor’s rows are not sent', () => {
    const draft = { ...draftOf(null), label: 'Asset', key: 'asset', options: [newOption()] };
    expect(createInputOf(draft).options).toBeUndefined();
    expect(createTicketFieldSchema.safeParse(createInputOf(draft)).success).toBe(true);
  });

  it('when a dropdown has no option, then the contract refuses it at options', () => {
    const draft = { ...draftOf(null), label: 'Category', key: 'category', type: 'dropdown' as const };
    const result = createTicketFieldSchema.safeParse(createInputOf(draft));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['options']);
  });

  it('when a field is saved without changing its type, then the type is not sent (no 409 for an unchanged type)', () => {
    const input = updateInputOf({ ...draftOf(category), label: 'Area' }, category);
    expect(input).toEqual({
      label: 'Area',
      options: [
        { value: 'network', label: 'Network', active: true },
        { value: 'printer', label: 'Printer', active: false },
      ],
      requiredToClose: true,
      portal: false,
    });
    expect(updateTicketFieldSchema.safeParse(input).success).toBe(true);
  });

  it('when the type changes, then it is sent', () => {
    expect(updateInputOf({ ...draftOf(category), type: 'multiselect' }, category).type).toBe('multiselect');
  });
});

describe('moving a row', () => {
  it('when a row moves up or down, then the others keep their order', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('when a move would leave the list, then nothing moves', () => {
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
