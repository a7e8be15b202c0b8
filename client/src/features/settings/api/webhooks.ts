import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type {
  CreateWebhookResponse,
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookResponse,
  WebhookSecretResponse,
  WebhooksResponse,
  createWebhookSchema,
  updateWebhookSchema,
} from '@shared/contracts/webhooks';
import { WEBHOOK_LIMITS } from '@shared/contracts/webhooks';
import type { z } from 'zod';
import { apiGet, apiSend } from '@/lib/api-client';
import { deliveriesPollInterval, loadedDeliveries } from '../lib/webhook-deliveries';

export type CreateWebhookBody = z.input<typeof createWebhookSchema>;
export type UpdateWebhookBody = z.input<typeof updateWebhookSchema>;

const URL = '/api/webhooks';
const webhookUrl = (id: string) => `${URL}/${encodeURIComponent(id)}`;

/** GET /api/webhooks (admins); each webhook's deliveries sit under it, so a change refreshes them too. */
export const WEBHOOKS_KEY = [URL] as const;
const deliveriesKey = (id: string) => [...WEBHOOKS_KEY, id, 'deliveries'] as const;

/**
 * The webhooks, oldest first. Read afresh at each visit: the help desk turns a failing one off on its
 * own, and the bell's notice of it leads here.
 */
export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => apiGet<WebhooksResponse>(URL, { signal }),
    select: (data) => data.webhooks,
    refetchOnMount: 'always',
  });
}

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
}

/** POST /api/webhooks → 201 {webhook, secret}: the secret is in this answer only. */
export function useCreateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => apiSend<CreateWebhookResponse>('POST', URL, body),
    onSuccess: invalidate,
  });
}

/** PUT /api/webhooks/{id} with the fields that change (turning it on clears why it was turned off). */
export function useUpdateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWebhookBody }) =>
      apiSend<WebhookResponse>('PUT', webhookUrl(id), changes),
    onSuccess: invalidate,
  });
}

/** DELETE /api/webhooks/{id} → 204; its deliveries go with it. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<void>('DELETE', webhookUrl(id)),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: deliveriesKey(id) });
      return queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true });
    },
  });
}

/** POST /api/webhooks/{id}/rotate-secret → {secret}, shown once; the old one stops signing at once. */
export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => apiSend<WebhookSecretResponse>('POST', `${webhookUrl(id)}/rotate-secret`),
  });
}

/** After Send Test or Redeliver: the webhook's deliveries are read again (the new one first). */
function useRefreshDeliveries() {
  const queryClient = useQueryClient();
  return (webhookId: string) => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
}

/** POST /api/webhooks/{id}/test → 202 {delivery}: a ping, queued like every event. */
export function useSendWebhookTest() {
  const refresh = useRefreshDeliveries();
  return useMutation({
    mutationFn: (id: string) => apiSend<WebhookDeliveryResponse>('POST', `${webhookUrl(id)}/test`),
    onSuccess: (_data, id) => refresh(id),
  });
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver → 202: sent again with the same id. */
export function useRedeliver() {
  const refresh = useRefreshDeliveries();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiSend<WebhookDeliveryResponse>(
        'POST',
        `${webhookUrl(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    onSuccess: (_data, { webhookId }) => refresh(webhookId),
  });
}

const deliveriesPage = (id: string, before: string | undefined, signal: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(WEBHOOK_LIMITS.deliveriesPage) });
  if (before) query.set('before', before);
  return apiGet<WebhookDeliveriesResponse>(`${webhookUrl(id)}/deliveries?${query.toString()}`, { signal });
};

/**
 * GET /api/webhooks/{id}/deliveries, newest first, a page at a time: Load More asks for the ones
 * before the last shown. Read afresh at each opening, and again every 2 s while one is on its way or
 * until `burstUntil` (a few seconds after Send Test or Redeliver).
 */
export function useWebhookDeliveries(id: string, burstUntil: number) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ pageParam, signal }) => deliveriesPage(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.deliveries.at(-1)?.id : undefined),
    select: (data: InfiniteData<WebhookDeliveriesResponse, string | undefined>) =>
      loadedDeliveries(data.pages),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      deliveriesPollInterval(
        query.state.data?.pages.flatMap((page) => page.deliveries) ?? [],
        burstUntil,
        Date.now(),
      ),
  });
}
