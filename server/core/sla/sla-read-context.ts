/**
 * What every ticket read needs of the SLA settings (issue 24), read once per request: whether SLA is
 * on, the warning lead time, and the moment the states are judged at.
 *
 * The ticket list, the most requested read, takes the stored policies in its own statement
 * (`storedSlaPolicies`, a scalar subquery on its rows), which saves a round trip per list request
 * (issue 17, docs/performance.md); other reads use loadSlaReadContext, one prepared statement.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_SLA_POLICIES } from '@shared/contracts/sla';
import { settings } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';
import { parseSlaPolicies } from './sla-settings';
import type { SlaReadContext } from './sla-state';

/** The stored `sla_policies` value (null while unsaved), as a column of another statement. */
export const storedSlaPolicies = sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = 'sla_policies')`;

/** The read context from the stored value: an unsaved or unparsable one reads as the defaults. */
export function slaReadContextFrom(stored: unknown, now: Date): SlaReadContext {
  const { enabled, warnBeforeMinutes } = parseSlaPolicies(stored) ?? DEFAULT_SLA_POLICIES;
  return { enabled, warnBeforeMinutes, now };
}

const storedSlaPoliciesStatement = oncePerDatabase((db) =>
  db
    .select({ value: storedSlaPolicies })
    .from(sql`(SELECT 1) AS one`)
    .prepare('stored_sla_policies'),
);

export async function loadSlaReadContext(db: DbOrTx, now = new Date()): Promise<SlaReadContext> {
  const [row] = await storedSlaPoliciesStatement(db).execute();
  return slaReadContextFrom(row?.value, now);
}
