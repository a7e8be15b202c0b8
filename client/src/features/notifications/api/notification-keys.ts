/** The query key of the caller's notifications (the bell): the URL, as every query key starts. */
export const NOTIFICATIONS_URL = '/api/notifications';
export const notificationsKey = [NOTIFICATIONS_URL] as const;
