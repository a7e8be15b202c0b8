/**
 * What every ticket read needs of the SLA settings (issue 24), read once per request: whether SLA is
 * on, the warning lead time, and the moment the states are judged at.
 */
import type { DbOrTx } from '../../db/client';
import { getSlaPolicies } from '../settings/sla-settings.service';
import type { SlaReadContext } from './sla-state';

export async function loadSlaReadContext(db: DbOrTx, now = new Date()): Promise<SlaReadContext> {
  const { enabled, warnBeforeMinutes } = (await getSlaPolicies(db)).value;
  return { enabled, warnBeforeMinutes, now };
}
