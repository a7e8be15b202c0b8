import { RotateCcw, Send } from 'lucide-react';
import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '@shared/contracts/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { relativeTime } from '@/lib/relative-time';
import { useNow } from '@/lib/use-now';
import { useRetainedValue } from '@/lib/use-retained-value';
import { useRedeliver, useSendWebhookTest, useWebhookDeliveries } from '../api/webhooks';
import { formatDateTime } from '../lib/format-date-time';
import {
  canRedeliver,
  DELIVERIES_BURST_MS,
  DELIVERY_BADGE,
  deliveryEventLabel,
  deliveryResponse,
  deliveryState,
  formatDuration,
} from '../lib/webhook-deliveries';
import { DELIVERY_STATUS_LABELS, WEBHOOKS_TEXTS as T } from '../lib/webhooks-texts';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { STACKED, StackedCell } from './webhook-table';

interface WebhookDeliveriesDialogProps {
  /** The webhook whose deliveries show; null closes the dialog. */
  webhook: Webhook | null;
  onClose: () => void;
}

/** A webhook's deliveries (issue 43), in a dialog opened from its row. */
export function WebhookDeliveriesDialog({ webhook, onClose }: WebhookDeliveriesDialogProps) {
  // The dialog keeps showing its webhook while it closes.
  const shown = useRetainedValue(webhook);
  return (
    <FormDialog
      open={webhook !== null}
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-5xl"
      title={T.deliveriesTitle}
      description={<span className="break-all">{shown?.url}</span>}
    >
      {shown && <DeliveriesPanel key={shown.id} webhook={shown} />}
    </FormDialog>
  );
}

/**
 * Newest first: the event, how it went, how many attempts, what the receiver answered, how long it
 * took and when; Redeliver each; Load More for older ones. It reads itself again every 2 s while one is
 * on its way, and for a few seconds after Send Test or Redeliver.
 */
function DeliveriesPanel({ webhook }: { webhook: Webhook }) {
  const [burstUntil, setBurstUntil] = useState(0);
  const deliveries = useWebhookDeliveries(webhook.id, burstUntil);
  const sendTest = useSendWebhookTest();
  const redeliver = useRedeliver();
  useSessionExpiryRedirect(deliveries.error);
  const now = useNow(30_000);

  const burst = () => setBurstUntil(Date.now() + DELIVERIES_BURST_MS);
  const test = () =>
    sendTest.mutate(webhook.id, {
      onSuccess: () => {
        burst();
        notifySuccess(T.testSent);
      },
      onError: (error) => notifyFailure(T.testFailed, error),
    });
  const again = (delivery: WebhookDelivery) =>
    redeliver.mutate(
      { webhookId: webhook.id, deliveryId: delivery.id },
      {
        onSuccess: () => {
          burst();
          notifySuccess(T.redelivered);
        },
        onError: (error) => notifyFailure(T.redeliverFailed, error),
      },
    );

  return (
    <div className="min-w-0 space-y-4">
      <Button variant="outline" size="sm" disabled={sendTest.isPending} onClick={test}>
        {sendTest.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {T.sendTest}
      </Button>
      {deliveries.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {T.deliveriesLoading}
        </p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(deliveries.error) ?? T.deliveriesFailed}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.deliveriesEmpty}</p>
      ) : (
        <>
          <Table aria-label={T.deliveriesLabel(webhook.url)} {...STACKED.table}>
            <TableHeader {...STACKED.header}>
              <TableRow {...STACKED.row}>
                <TableHead role="columnheader">{T.event}</TableHead>
                <TableHead role="columnheader">{T.status}</TableHead>
                <TableHead role="columnheader" className="text-right">
                  {T.attempts}
                </TableHead>
                <TableHead role="columnheader">{T.response}</TableHead>
                <TableHead role="columnheader" className="text-right">
                  {T.duration}
                </TableHead>
                <TableHead role="columnheader">{T.time}</TableHead>
                <TableHead role="columnheader">
                  <span className="sr-only">{T.actions}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody {...STACKED.body}>
              {deliveries.data.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  now={now.getTime()}
                  redelivering={redeliver.isPending && redeliver.variables.deliveryId === delivery.id}
                  onRedeliver={() => again(delivery)}
                />
              ))}
            </TableBody>
          </Table>
          {deliveries.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              aria-busy={deliveries.isFetchingNextPage || undefined}
              onClick={() => {
                if (!deliveries.isFetchingNextPage) void deliveries.fetchNextPage();
              }}
            >
              {deliveries.isFetchingNextPage && <Spinner />}
              {T.loadMore}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  now: number;
  redelivering: boolean;
  onRedeliver: () => void;
}

function DeliveryRow({ delivery, now, redelivering, onRedeliver }: DeliveryRowProps) {
  const state = deliveryState(delivery);
  const event = deliveryEventLabel(delivery.event);
  const when = relativeTime(delivery.at, now);
  return (
    <TableRow {...STACKED.row} data-testid="webhook-delivery">
      <StackedCell className="font-medium max-md:pb-2">
        <span className="block">{event}</span>
        <code className="block font-mono text-xs font-normal text-muted-foreground">{delivery.event}</code>
      </StackedCell>
      <StackedCell label={T.status}>
        <Badge variant={DELIVERY_BADGE[state]}>{DELIVERY_STATUS_LABELS[state]}</Badge>
      </StackedCell>
      <StackedCell label={T.attempts} className="md:text-right">
        {delivery.attempts}
      </StackedCell>
      <StackedCell label={T.response} className="break-words md:max-w-64">
        <span>{deliveryResponse(delivery)}</span>
      </StackedCell>
      <StackedCell label={T.duration} className="md:text-right md:whitespace-nowrap">
        {formatDuration(delivery.durationMs)}
      </StackedCell>
      <StackedCell label={T.time} className="md:whitespace-nowrap">
        <time dateTime={delivery.at} title={formatDateTime(delivery.at)}>
          {when}
        </time>
      </StackedCell>
      <StackedCell className="max-md:pt-2 md:text-right">
        {canRedeliver(delivery) && (
          <Button
            variant="outline"
            size="sm"
            disabled={redelivering}
            aria-label={T.redeliverLabel(event, formatDateTime(delivery.at))}
            onClick={onRedeliver}
          >
            {redelivering ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            {T.redeliver}
          </Button>
        )}
      </StackedCell>
    </TableRow>
  );
}
