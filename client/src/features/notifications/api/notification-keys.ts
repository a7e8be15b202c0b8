/** The one query key of the caller's notifications (the bell). */
export const notificationsKey = ['notifications'] as const;

export const NOTIFICATIONS_URL = '/api/notifications';
