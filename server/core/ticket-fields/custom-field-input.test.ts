import { describe, expect, it } from 'vitest';
import {
  customFieldValueProblem,
  TICKET_FIELD_LIMITS,
  TICKET_FIELD_MESSAGES,
  type TicketField,
  type TicketFieldType,
} from '@shared/contracts/ticket-fields';
import { AppError } from '../../lib/errors';
import { checkCustomFieldsInput } from './custom-field-input';

const field = (type: TicketFieldType, overrides: Partial<TicketField> = {}): TicketField => ({
  id: `id-${type}`,
  key: type,
  label: `The ${type}`,
  type,
  options: [
    { value: 'net', label: 'Network', active: true },
    { value: 'hw', label: 'Hardware', active: true },
    { value: 'old', label: 'Old', active: false },
  ],
  requiredToClose: false,
  active: true,
  position: 0,
  portal: false,
  ...overrides,
});

/** Each type's values it takes and values it refuses. */
const cases: Record<TicketFieldType, { accepted: unknown[]; refused: unknown[] }> = {
  text: {
    accepted: ['Lisbon', 'a', 'x'.repeat(TICKET_FIELD_LIMITS.text)],
    refused: ['', '   ', 3, true, ['a'], null, 'x'.repeat(TICKET_FIELD_LIMITS.text + 1), 'a\u0000b'],
  },
  textarea: {
    accepted: ['Line one\nLine two', 'x'.repeat(TICKET_FIELD_LIMITS.textarea)],
    refused: ['', 12, 'x'.repeat(TICKET_FIELD_LIMITS.textarea + 1), '\ud800'],
  },
  number: {
    accepted: [0, -7, 42, Number.MAX_SAFE_INTEGER],
    refused: [1.5, '42', Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, true, null],
  },
  decimal: {
    accepted: [0, 1.5, -0.25, 42],
    refused: ['1.5', Number.NaN, Number.NEGATIVE_INFINITY, false, [1]],
  },
  date: {
    accepted: ['2026-11-28', '2024-02-29'],
    refused: ['2026-13-01', '2023-02-29', '28/11/2026', '2026-11-28T10:00:00Z', 20261128, ''],
  },
  checkbox: {
    accepted: [true, false],
    refused: ['true', 1, 0, null],
  },
  dropdown: {
    accepted: ['net', 'hw'],
    refused: ['old', 'Network', 'nope', ['net'], 1, ''],
  },
  multiselect: {
    accepted: [['net'], ['net', 'hw']],
    refused: [[], ['net', 'net'], ['old'], ['net', 'nope'], 'net', [1]],
  },
};

describe('customFieldValueProblem', () => {
  for (const [type, { accepted, refused }] of Object.entries(cases) as [
    TicketFieldType,
    (typeof cases)[TicketFieldType],
  ][]) {
    it(`when a ${type} field is given a value that fits, then no problem; otherwise one`, () => {
      for (const value of accepted)
        expect(customFieldValueProblem(field(type), value), String(value)).toBeUndefined();
      for (const value of refused)
        expect(customFieldValueProblem(field(type), value), JSON.stringify(value)).toEqual(
          expect.any(String),
        );
    });
  }
});

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkCustomFieldsInput', () => {
  const fields = [
    field('text'),
    field('number'),
    field('dropdown'),
    field('multiselect'),
    field('checkbox'),
    field('date', { key: 'retired', active: false }),
  ];

  it('when every value fits, then the patch has them, text trimmed, and null, empty text or an empty list clearing', () => {
    expect(
      checkCustomFieldsInput(fields, {
        text: '  Lisbon ',
        number: 3,
        dropdown: 'net',
        multiselect: [],
        checkbox: false,
      }),
    ).toEqual({ text: 'Lisbon', number: 3, dropdown: 'net', multiselect: null, checkbox: false });
    expect(checkCustomFieldsInput(fields, { text: '   ', number: null })).toEqual({
      text: null,
      number: null,
    });
  });

  it('when a value does not fit, then 400 naming customFields.<key> for each', () => {
    const error = refusal(() =>
      checkCustomFieldsInput(fields, { number: 'three', dropdown: 'old', text: 'ok' }),
    );
    expect(error.code).toBe('bad_request');
    expect(Object.keys(error.details.fieldErrors ?? {}).sort()).toEqual([
      'customFields.dropdown',
      'customFields.number',
    ]);
  });

  it('when a key names no field, then 400 naming it', () => {
    const error = refusal(() => checkCustomFieldsInput(fields, { colour: 'red' }));
    expect(error.details.fieldErrors).toEqual({
      'customFields.colour': [TICKET_FIELD_MESSAGES.unknownField],
    });
  });

  it('when an inactive field is given a value, then 400; clearing it is allowed', () => {
    const error = refusal(() => checkCustomFieldsInput(fields, { retired: '2026-01-01' }));
    expect(error.details.fieldErrors).toEqual({
      'customFields.retired': [TICKET_FIELD_MESSAGES.unknownField],
    });
    expect(checkCustomFieldsInput(fields, { retired: null })).toEqual({ retired: null });
  });
});
