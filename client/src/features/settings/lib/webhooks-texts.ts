import {
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '@shared/contracts/webhooks';

/**
 * The words of Settings → Webhooks (issue 43, admins only): Title Case buttons, sentence-case toasts.
 * Event and format names are the contract's (WEBHOOK_EVENT_LABELS, WEBHOOK_FORMAT_LABELS).
 */
export const WEBHOOKS_TEXTS = {
  section: 'Webhooks',
  title: 'Webhooks',
  description:
    'Tell other systems what happens here: each event you choose is sent by POST to the URL, signed, in order, and retried for a day.',
  listLabel: 'Webhooks',
  loadFailed: 'Could not load the webhooks.',
  empty: 'No webhooks yet.',
  emptyHint:
    'Add one to post new tickets to your chat (Slack or Teams format) or to start a script when a ticket closes.',
  addWebhook: 'Add Webhook',
  editWebhook: 'Edit Webhook',
  dialogDescription: 'Where events go, and which ones.',
  saveWebhook: 'Save Webhook',
  createWebhook: 'Create Webhook',
  cancel: 'Cancel',
  done: 'Done',

  // The list.
  url: 'URL',
  events: 'Events',
  format: 'Format',
  status: 'Status',
  actions: 'Actions',
  allEvents: 'All events',
  moreEvents: (count: number) => `+${count} more`,
  active: 'Active',
  activeHint: 'While off, nothing is sent to this URL.',
  on: 'On',
  off: 'Off',
  turnedOff: 'Turned Off',
  turnedOffHint:
    'Fix the receiver, then turn the webhook back on: deliveries start again with the next event.',
  turnOn: 'Turn On Again',
  deliveries: 'Deliveries',
  sendTest: 'Send Test',
  edit: 'Edit',
  rotateSecret: 'Rotate Secret',
  delete: 'Delete',
  createdOn: 'Added',

  // The form.
  urlPlaceholder: 'e.g. https://example.com/helpdesk-events',
  urlHint: `A POST goes here for each event; any 2xx answer within ${WEBHOOK_LIMITS.timeoutSeconds} s counts as delivered.`,
  eventsHint: 'Choose at least one.',
  allEventsBox: 'All Events',
  formatHint: {
    json: 'The event as JSON, signed with the webhook’s secret: for your own scripts and services.',
    slack: 'A one-line message, as Slack and Teams incoming webhooks expect.',
  },

  // Toasts.
  created: 'Webhook created',
  saved: 'Webhook saved',
  saveFailed: 'Could not save the webhook',
  turnedOnToast: 'Webhook turned on',
  turnedOffToast: 'Webhook turned off',
  switchFailed: 'Could not change the webhook',
  deleted: 'Webhook deleted',
  deleteFailed: 'Could not delete the webhook',
  testSent: 'Test sent',
  testSentHint: 'A ping is on its way: see it under Deliveries.',
  testFailed: 'Could not send the test',
  rotated: 'Secret rotated',
  rotateFailed: 'Could not rotate the secret',
  redelivered: 'Delivery queued again',
  redeliverFailed: 'Could not redeliver',

  // Questions.
  deleteTitle: 'Delete Webhook?',
  deleteQuestion: (url: string) =>
    `Events stop going to ${url}, and its deliveries are deleted with it. This cannot be undone.`,
  rotateTitle: 'Rotate Secret?',
  rotateQuestion: (url: string) =>
    `The current secret stops working at once: deliveries to ${url} are signed with the new one, so update the receiver.`,

  // The secret, once.
  createdTitle: 'Webhook Created',
  rotatedTitle: 'New Secret',
  secretLabel: 'Signing Secret',
  copySecret: 'Copy Secret',
  secretCopied: 'Secret copied',
  secretOnce: 'Copy it now: it will not be shown again.',
  verifyRecipe: `Check ${WEBHOOK_HEADERS.signature}: HMAC-SHA256 of "<t>.<body>" with this secret.`,

  // Deliveries.
  deliveriesTitle: 'Deliveries',
  deliveriesLabel: (url: string) => `Deliveries to ${url}`,
  deliveriesEmpty: 'Nothing sent yet. Send Test sends a ping.',
  deliveriesLoading: 'Loading deliveries...',
  deliveriesFailed: 'Could not load the deliveries.',
  event: 'Event',
  attempts: 'Attempts',
  response: 'Response',
  duration: 'Duration',
  time: 'Time',
  redeliver: 'Redeliver',
  redeliverLabel: (event: string, time: string) => `Redeliver ${event} of ${time}`,
  loadMore: 'Load More',
  loadingMore: 'Loading...',
  updating: 'Updating while deliveries are on their way',
  noResponse: '—',
  close: 'Close',
} as const;

/** The statuses a delivery shows: a waiting one not tried yet is "Sending", tried already "Retrying". */
export const DELIVERY_STATUS_LABELS = {
  delivered: 'Delivered',
  retrying: 'Retrying',
  sending: 'Sending',
  failed: 'Failed',
} as const;

/** The deliveries that are not a subscribed event: Send Test's ping and a rule's action. */
export const EXTRA_DELIVERY_EVENT_LABELS: Record<Exclude<WebhookDeliveryEvent, WebhookEvent>, string> = {
  ping: 'Ping (test)',
  'rule.matched': 'Rule matched',
};
