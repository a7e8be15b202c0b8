import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCannedResponseSchema, updateCannedResponseSchema } from '@shared/contracts/canned-responses';
import { labelled } from '@shared/contracts/common';
import { saveSettingSchema } from '@shared/contracts/settings';
import { DEFAULT_SLA_POLICIES, defaultBusinessHours } from '@shared/contracts/sla';
import { closeTicketSchema, createTimeEntrySchema } from '@shared/contracts/time';
import { AppError } from './errors';
import { fieldLabel, humanizeKey } from './field-labels';
import { labelledMessage, parseInput } from './validate';

/** The 400 parseInput throws for `input`: its message and its per-field messages. */
function refusal(schema: z.ZodType, input: unknown) {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message, fieldErrors: error.details.fieldErrors };
  }
  throw new Error('parseInput accepted the input');
}

const hours = defaultBusinessHours('Europe/Berlin');

describe('parseInput: messages name the field by its label (decision 120)', () => {
  it('when the time zone is not an IANA zone, then the message names "Time Zone", not value.timezone', () => {
    const res = refusal(saveSettingSchema, {
      key: 'business_hours',
      value: { ...hours, timezone: 'Mars/Base' },
    });
    expect(res).toEqual({
      code: 'bad_request',
      message: 'Time Zone: Must be an IANA time zone, such as Europe/Berlin',
      fieldErrors: { 'value.timezone': ['Must be an IANA time zone, such as Europe/Berlin'] },
    });
  });

  it('when a message already names its field, then it stands alone ("Name is required; Body is required")', () => {
    const res = refusal(createCannedResponseSchema, { name: ' ', body: '', scope: 'personal' });
    expect(res.message).toBe('Name is required; Body is required');
    expect(res.fieldErrors).toEqual({ name: ['Name is required'], body: ['Body is required'] });
  });

  it('when a nested field is refused, then the labels along its path name it', () => {
    const days = { ...hours.days, mon: [{ start: '10:00', end: '09:00' }] };
    expect(refusal(saveSettingSchema, { key: 'business_hours', value: { ...hours, days } }).message).toBe(
      'Monday, until: Must be after the start',
    );
    const policies = {
      ...DEFAULT_SLA_POLICIES.policies,
      high: { firstResponseMinutes: 0, resolutionMinutes: 60 },
    };
    expect(
      refusal(saveSettingSchema, { key: 'sla_policies', value: { ...DEFAULT_SLA_POLICIES, policies } })
        .message,
    ).toBe('High, first response (minutes): Must be more than 0');
  });

  it('when a field is optional in an update, then it keeps the label of its create schema', () => {
    expect(refusal(updateCannedResponseSchema, { name: 'x'.repeat(101) }).message).toBe(
      'Name: At most 100 characters',
    );
  });

  it('when the time entry form sends bad values, then the form labels name them', () => {
    const res = refusal(createTimeEntrySchema, {
      projectId: 0,
      taskId: 2,
      hours: '',
      notes: 'x',
      spentDate: '0999-01-01',
    });
    expect(res.message).toBe(
      'Harvest project must be a positive whole number; Hours is required; ' +
        'Date must be between 1900-01-01 and 2999-12-31',
    );
    expect(Object.keys(res.fieldErrors ?? {})).toEqual(['projectId', 'hours', 'spentDate']);
  });

  it("when Close & Track Time has a time not in quarter hours, then the message is the contract's own", () => {
    const res = refusal(closeTicketSchema, { time_spent: '0.3', harvest_project_id: 1, harvest_task_id: 2 });
    expect(res.message).toBe('Time spent must be in steps of 0.25 hours');
    expect(res.fieldErrors).toEqual({ time_spent: ['Time spent must be in steps of 0.25 hours'] });
  });

  it('when a field has no label, then its last key is made readable instead of the key path', () => {
    const schema = z.object({ value: z.object({ moveFolder: z.string('Must be text') }) });
    expect(refusal(schema, { value: { moveFolder: 3 } }).message).toBe('Move folder: Must be text');
  });

  it('when the body as a whole is refused, then the message has no field in front', () => {
    expect(refusal(updateCannedResponseSchema, {}).message).toBe('Nothing to update');
  });

  it('when a field has several messages, then they follow its label once', () => {
    expect(labelledMessage('Code', ['Must be 6 digits', 'Must be digits only'])).toBe(
      'Code: Must be 6 digits, Must be digits only',
    );
  });
});

describe('fieldLabel', () => {
  it('when a discriminated union picks its option by the input, then the label comes from that option', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), value: labelled(z.string(), 'First') }),
      z.object({ kind: z.literal('b'), value: labelled(z.string(), 'Second') }),
    ]);
    expect(fieldLabel(schema, ['value'], { kind: 'b' })).toBe('Second');
  });

  it.each([
    ['harvest_project_id', 'Harvest project id'],
    ['firstName', 'First name'],
    ['id', 'Id'],
  ])('when the key is %j, then the readable name is %j', (key, name) => {
    expect(humanizeKey(key)).toBe(name);
  });
});
