import { SECURITY_EVENT_KINDS, type SecurityEventKind } from '@shared/security-events';
import type { AuditPerson, SecurityEvent } from '@shared/contracts/audit';
import type { Database } from '../../db/client';
import {
  countSecurityEvents,
  listSecurityEvents,
  type SecurityEventsQuery,
} from './security-events.repository';

function person(id: string | null, first: string | null, last: string | null, email: string | null) {
  if (!id || !email) return null;
  const name = [first, last].filter(Boolean).join(' ') || email;
  return { id, name, email } satisfies AuditPerson;
}

export async function listEvents(db: Database, options: SecurityEventsQuery): Promise<SecurityEvent[]> {
  const rows = await listSecurityEvents(db, options);
  return rows
    .filter((row) => (SECURITY_EVENT_KINDS as string[]).includes(row.kind))
    .map((row) => ({
      id: row.id,
      kind: row.kind as SecurityEventKind,
      actor: person(row.actorId, row.actorFirstName, row.actorLastName, row.actorEmail),
      target: person(row.targetId, row.targetFirstName, row.targetLastName, row.targetEmail),
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    }));
}

/** How many events there are to page through, older than `before` if given. */
export const countEvents = (db: Database, before?: string): Promise<number> =>
  countSecurityEvents(db, before);
