import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationsResponse,
  ReadNotificationsInput,
  ReadNotificationsResponse,
} from '@shared/contracts/notifications';
import { apiSend } from '@/lib/api-client';
import { NOTIFICATIONS_URL, notificationsKey } from './notification-keys';

/** POST /api/notifications/read with `{ids}` or `{all: true}`: the caller's own notices only. */
export const readNotifications = (input: ReadNotificationsInput) =>
  apiSend<ReadNotificationsResponse>('POST', `${NOTIFICATIONS_URL}/read`, input);

/** Marks notices read at once on screen; the server's count follows, and a failure puts them back. */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotifications,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const before = queryClient.getQueryData<NotificationsResponse>(notificationsKey);
      if (before) {
        const now = new Date().toISOString();
        const named = new Set(input.ids ?? []);
        const notifications = before.notifications.map((notice) =>
          notice.readAt === null && (input.all || named.has(notice.id)) ? { ...notice, readAt: now } : notice,
        );
        const newlyRead = notifications.filter(
          (notice, index) => notice !== before.notifications[index],
        ).length;
        queryClient.setQueryData<NotificationsResponse>(notificationsKey, {
          notifications,
          unreadCount: input.all ? 0 : Math.max(0, before.unreadCount - newlyRead),
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(notificationsKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
