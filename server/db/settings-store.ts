/**
 * The one store of the `settings` table (a jsonb value per key): every setting, whoever owns it, reads
 * and writes through these functions.
 */
import { eq, sql } from 'drizzle-orm';
import type { SettingKey } from '@shared/constants';
import { settings } from '@shared/schema';
import type { DbOrTx } from './client';

export interface SettingRecord {
  value: unknown;
  updatedAt: Date;
}

export async function findSetting(db: DbOrTx, key: SettingKey): Promise<SettingRecord | undefined> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, key));
  return row;
}

/**
 * A setting read through its schema, with when it was saved; `fallback` (and no updatedAt) while it
 * was never saved. Stored only through the schema, a row that no longer parses (hand-edited) falls
 * back too.
 */
export async function findParsedSetting<T>(
  db: DbOrTx,
  key: SettingKey,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  fallback: T,
): Promise<{ value: T; updatedAt: Date | undefined }> {
  const row = await findSetting(db, key);
  const parsed = row ? schema.safeParse(row.value) : undefined;
  return { value: parsed?.success ? parsed.data : fallback, updatedAt: row?.updatedAt };
}

/** Inserts or replaces the setting; returns when it was saved (the database's clock). */
export async function upsertSetting(db: DbOrTx, key: SettingKey, value: unknown): Promise<Date> {
  const [row] = await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
    .returning({ updatedAt: settings.updatedAt });
  if (!row) throw new Error('upsert into settings returned no row');
  return row.updatedAt;
}

/**
 * Merges `changes` into the setting's value when the value holds every field of `when` (jsonb
 * containment), without touching its updatedAt; true when it did.
 */
export async function updateSettingIf(
  db: DbOrTx,
  key: SettingKey,
  when: Record<string, unknown>,
  changes: Record<string, unknown>,
): Promise<boolean> {
  const updated = await db
    .update(settings)
    .set({ value: sql`${settings.value} || ${JSON.stringify(changes)}::jsonb` })
    .where(sql`${settings.key} = ${key} AND ${settings.value} @> ${JSON.stringify(when)}::jsonb`)
    .returning({ key: settings.key });
  return updated.length > 0;
}

/** Replaces the value only if it is still `expected` (compared as JSON); true when it was replaced. */
export async function replaceSettingIfUnchanged(
  db: DbOrTx,
  key: SettingKey,
  expected: unknown,
  value: unknown,
): Promise<boolean> {
  const replaced = await db
    .update(settings)
    .set({ value })
    .where(sql`${settings.key} = ${key} AND ${settings.value} = ${JSON.stringify(expected)}::jsonb`)
    .returning({ key: settings.key });
  return replaced.length > 0;
}

/**
 * Writes `check` as the email settings' `lastCheck` (beside the settings, which keep their updatedAt).
 * Written when there is none yet, or when it is not older than the one stored and either says
 * something else (ok or error) or the stored one is from before `rewriteBefore`. ISO 8601 instants
 * in UTC compare as text.
 */
export async function recordEmailDeliveryCheck(
  db: DbOrTx,
  check: { ok: boolean; at: string; error: string | null },
  options: { rewriteBefore: Date },
): Promise<void> {
  const stored = sql`${settings.value} -> 'lastCheck'`;
  await db.execute(sql`
    UPDATE ${settings}
    SET value = jsonb_set(${settings.value}, '{lastCheck}', ${JSON.stringify(check)}::jsonb)
    WHERE ${settings.key} = 'email'
      AND (
        jsonb_typeof(${stored}) IS DISTINCT FROM 'object'
        OR (
          coalesce(${stored} ->> 'at', '') <= ${check.at}
          AND (
            ${stored} -> 'ok' IS DISTINCT FROM ${JSON.stringify(check.ok)}::jsonb
            OR ${stored} -> 'error' IS DISTINCT FROM ${JSON.stringify(check.error)}::jsonb
            OR coalesce(${stored} ->> 'at', '') < ${options.rewriteBefore.toISOString()}
          )
        )
      )`);
}
