/**
 * The SLA settings (issue 24): `business_hours` (the calendar) and `sla_policies` (the targets). Every
 * signed-in user reads them (the list and the detail show due times); admins save them. Unsaved, they
 * read as their defaults: Monday–Friday 09:00–17:00 in the server's time zone, and SLA off.
 */
import {
  defaultBusinessHours,
  DEFAULT_SLA_POLICIES,
  businessHoursSchema,
  slaPoliciesSchema,
  type BusinessHours,
  type SlaPolicies,
  type SlaSettingResponse,
} from '@shared/contracts/sla';
import type { DbOrTx } from '../../db/client';
import { findSetting, upsertSetting } from '../../db/settings-store';

/** The server's own IANA zone: where "09:00" means what the people running it expect by default. */
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A stored value that no longer parses (written by hand, or by an older shape) reads as the default. */
async function read<T>(
  db: DbOrTx,
  key: 'business_hours' | 'sla_policies',
  parse: (value: unknown) => T | undefined,
  fallback: T,
) {
  const record = await findSetting(db, key);
  const value = record ? parse(record.value) : undefined;
  return {
    key,
    value: value ?? fallback,
    saved: value !== undefined,
    updatedAt: record?.updatedAt.toISOString() ?? null,
  };
}

export const getBusinessHours = (db: DbOrTx): Promise<SlaSettingResponse<BusinessHours>> =>
  read(
    db,
    'business_hours',
    (value) => businessHoursSchema.safeParse(value).data,
    defaultBusinessHours(serverTimeZone()),
  );

/** The stored `sla_policies` value, or undefined when it does not parse (it then reads as the default). */
export const parseSlaPolicies = (value: unknown): SlaPolicies | undefined =>
  slaPoliciesSchema.safeParse(value).data;

export const getSlaPolicies = (db: DbOrTx): Promise<SlaSettingResponse<SlaPolicies>> =>
  read(db, 'sla_policies', parseSlaPolicies, DEFAULT_SLA_POLICIES);

export async function saveBusinessHours(
  db: DbOrTx,
  value: BusinessHours,
): Promise<SlaSettingResponse<BusinessHours>> {
  const updatedAt = await upsertSetting(db, 'business_hours', value);
  return { key: 'business_hours', value, saved: true, updatedAt: updatedAt.toISOString() };
}

export async function saveSlaPolicies(
  db: DbOrTx,
  value: SlaPolicies,
): Promise<SlaSettingResponse<SlaPolicies>> {
  const updatedAt = await upsertSetting(db, 'sla_policies', value);
  return { key: 'sla_policies', value, saved: true, updatedAt: updatedAt.toISOString() };
}
