import type {
  PortalFieldsResponse,
  PortalMe,
  PortalMessageResponse,
  PortalNewTicketResponse,
  PortalPermissions,
  PortalSignInRequested,
  PortalStatus,
  PortalTicketDetailResponse,
  PortalTicketsResponse,
  PortalTicketTab,
  RatingInput,
  RatingPageResponse,
} from '@shared/contracts/portal';
import type { CustomFieldValue } from '@shared/contracts/ticket-fields';
import { apiGet, apiSend } from '@/lib/api-client';

/**
 * The portal's requests (issue 41), every one under /api/portal, where the requester's own cookie
 * goes (the agents' session is never read there). lib/api-client sends the cookie and turns a non-OK
 * answer into an ApiError with the server's message and field errors.
 */
const BASE = '/api/portal';
const segment = encodeURIComponent;
type Signal = { signal?: AbortSignal };

export const getPortalStatus = ({ signal }: Signal = {}) =>
  apiGet<PortalStatus>(`${BASE}/status`, { signal });

export const getPortalMe = ({ signal }: Signal = {}) => apiGet<PortalMe>(`${BASE}/me`, { signal });

export const getPortalPermissions = ({ signal }: Signal = {}) =>
  apiGet<PortalPermissions>(`${BASE}/permissions`, { signal });

/** 202 with the same message whatever the address; 429 when asked too often. */
export const requestSignInLink = (email: string) =>
  apiSend<PortalSignInRequested>('POST', `${BASE}/sign-in`, { email });

/** Spends the emailed link's token and starts the session; 404 for a used, expired or unknown one. */
export const signInWithLink = (token: string) =>
  apiSend<PortalMe>('POST', `${BASE}/sign-in/${segment(token)}`);

export const signOutOfPortal = () => apiSend<unknown>('POST', `${BASE}/sign-out`);

export const getPortalTickets = (status: PortalTicketTab, page: number, { signal }: Signal = {}) =>
  apiGet<PortalTicketsResponse>(`${BASE}/tickets?${new URLSearchParams({ status, page: String(page) })}`, {
    signal,
  });

export const getPortalTicket = (id: string, { signal }: Signal = {}) =>
  apiGet<PortalTicketDetailResponse>(`${BASE}/tickets/${segment(id)}`, { signal });

export const getPortalFields = ({ signal }: Signal = {}) =>
  apiGet<PortalFieldsResponse>(`${BASE}/fields`, { signal });

function appendFiles(form: FormData, files: readonly File[]) {
  for (const file of files) form.append('files', file, file.name);
}

/** multipart: `text` and each file under `files`. */
export function sendPortalReply(id: string, text: string, files: readonly File[]) {
  const form = new FormData();
  form.append('text', text);
  appendFiles(form, files);
  return apiSend<PortalMessageResponse>('POST', `${BASE}/tickets/${segment(id)}/messages`, form);
}

export interface NewPortalTicket {
  subject: string;
  text: string;
  customFields: Record<string, CustomFieldValue>;
  files: readonly File[];
}

/** multipart: `subject`, `text`, `customFields` as a JSON string and each file under `files`. */
export function openPortalTicket({ subject, text, customFields, files }: NewPortalTicket) {
  const form = new FormData();
  form.append('subject', subject);
  form.append('text', text);
  form.append('customFields', JSON.stringify(customFields));
  appendFiles(form, files);
  return apiSend<PortalNewTicketResponse>('POST', `${BASE}/tickets`, form);
}

/** Reading the rating page records nothing: only `rate` does. 404 once the link has expired. */
export const getRatingPage = (token: string, { signal }: Signal = {}) =>
  apiGet<RatingPageResponse>(`${BASE}/ratings/${segment(token)}`, { signal });

export const rate = (token: string, input: RatingInput) =>
  apiSend<{ message: string }>('POST', `${BASE}/ratings/${segment(token)}`, input);
