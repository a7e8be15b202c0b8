import { useQuery } from '@tanstack/react-query';
import type { AuditResponse } from '@shared/contracts/audit';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** How many of the latest security events the Team card shows. */
export const AUDIT_SHOWN = 20;

/** GET /api/team/audit (admins only): the latest security events, newest first. */
export const getAudit = (signal?: AbortSignal) =>
  apiGet<AuditResponse>(`/api/team/audit?limit=${AUDIT_SHOWN}`, { signal });

export function useAudit() {
  return useQuery({ queryKey: settingsKeys.audit(), queryFn: ({ signal }) => getAudit(signal) });
}
