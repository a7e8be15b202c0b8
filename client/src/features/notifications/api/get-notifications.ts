import { useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@shared/constants';
import type { NotificationsResponse } from '@shared/contracts/notifications';
import { apiGet } from '@/lib/api-client';
import { NOTIFICATIONS_URL, notificationsKey } from './notification-keys';

/** GET /api/notifications: the caller's newest notices, newest first, and their unread count. */
export const getNotifications = (signal?: AbortSignal) =>
  apiGet<NotificationsResponse>(NOTIFICATIONS_URL, { signal });

/** Polled every 10 s like the other polls; an unchanged answer is a 304 (the server's ETag). */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: POLL_INTERVALS_MS.notifications,
  });
}
