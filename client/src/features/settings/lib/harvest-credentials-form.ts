import { harvestCredentialsInputSchema } from '@shared/contracts/settings';
import type { HarvestCredentialsValues } from '../api/save-harvest-settings';

/** The admin's form as typed; the token field starts empty, never holding the mask. */
export interface HarvestCredentialsFormValues {
  accountId: string;
  accessToken: string;
}

type FormField = keyof HarvestCredentialsFormValues;

export type HarvestCredentialsCheck =
  { ok: true; value: HarvestCredentialsValues } | { ok: false; fieldErrors: [FormField, string][] };

const isFormField = (name: unknown): name is FormField => name === 'accountId' || name === 'accessToken';

/**
 * What to send, checked with the server's contract. An empty token field keeps the saved token: the
 * server reads its masked value as "unchanged" (so the account id can be checked again alone).
 */
export function checkHarvestCredentials(
  values: HarvestCredentialsFormValues,
  savedTokenMask: string | null,
): HarvestCredentialsCheck {
  const typedToken = values.accessToken.trim();
  const accessToken = typedToken === '' && savedTokenMask !== null ? savedTokenMask : typedToken;
  const parsed = harvestCredentialsInputSchema.safeParse({ accountId: values.accountId, accessToken });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors = new Map<FormField, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isFormField(field) && !fieldErrors.has(field)) fieldErrors.set(field, issue.message);
  }
  return { ok: false, fieldErrors: [...fieldErrors] };
}
