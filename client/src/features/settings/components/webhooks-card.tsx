import {
  KeyRound,
  List,
  Pencil,
  Plus,
  Send,
  Trash2,
  TriangleAlert,
  Webhook as WebhookIcon,
} from 'lucide-react';
import { useState } from 'react';
import { WEBHOOK_FORMAT_LABELS, type Webhook } from '@shared/contracts/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useRetainedValue } from '@/lib/use-retained-value';
import { cn } from '@/lib/utils';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { eventsSummary } from '../lib/webhook-deliveries';
import { WEBHOOKS_TEXTS as T } from '../lib/webhooks-texts';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';
import { ActiveSwitch } from './active-switch';
import { SettingLoader } from './setting-loader';
import { WebhookDeliveriesDialog } from './webhook-deliveries';
import { WebhookDialog } from './webhook-dialog';
import { WebhookSecret } from './webhook-secret';
import { STACKED, StackedCell } from './webhook-table';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; webhook: Webhook };
type Asking = { kind: 'delete' | 'rotate'; webhook: Webhook } | null;

/**
 * Settings → Webhooks (issue 43, admins): each webhook's URL, events, format and Active switch, and why
 * the help desk turned it off when it did; Add Webhook, Deliveries, Send Test, Edit, Rotate Secret and
 * Delete. A secret is shown once, after Create or Rotate Secret.
 */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [asking, setAsking] = useState<Asking>(null);
  const question = useRetainedValue(asking);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const rotatedShown = useRetainedValue(rotated);
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();

  const answer = () => {
    if (!asking) return;
    const { kind, webhook } = asking;
    if (kind === 'delete') {
      remove.mutate(webhook.id, {
        onSuccess: () => notifySuccess(T.deleted),
        onError: (error) => notifyFailure(T.deleteFailed, error),
        onSettled: () => setAsking(null),
      });
      return;
    }
    rotate.mutate(webhook.id, {
      onSuccess: ({ secret }) => {
        notifySuccess(T.rotated);
        setRotated(secret);
      },
      onError: (error) => notifyFailure(T.rotateFailed, error),
      onSettled: () => setAsking(null),
    });
  };

  const addButton = (
    <Button onClick={() => setEditing({ mode: 'new' })}>
      <Plus aria-hidden="true" />
      {T.addWebhook}
    </Button>
  );

  return (
    <SectionCard title={T.title} description={T.description} icon={WebhookIcon}>
      <SettingLoader
        query={webhooks}
        skeletonRows={['h-9 max-w-40', 'h-14', 'h-14']}
        errorText={T.loadFailed}
      >
        {(list) =>
          list.length === 0 ? (
            <div className="space-y-3 rounded-md border border-dashed p-4 text-sm">
              <p className="font-medium">{T.empty}</p>
              <p className="text-muted-foreground">{T.emptyHint}</p>
              {addButton}
            </div>
          ) : (
            <div className="space-y-4">
              {addButton}
              <WebhookTable
                webhooks={list}
                onDeliveries={setViewing}
                onEdit={(webhook) => setEditing({ mode: 'edit', webhook })}
                onAsk={(kind, webhook) => setAsking({ kind, webhook })}
              />
            </div>
          )
        }
      </SettingLoader>
      <WebhookDialog
        open={editing.mode !== 'closed'}
        webhook={editing.mode === 'edit' ? editing.webhook : null}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
      />
      <WebhookDeliveriesDialog webhook={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={question?.kind === 'rotate' ? T.rotateTitle : T.deleteTitle}
        description={
          question
            ? (question.kind === 'rotate' ? T.rotateQuestion : T.deleteQuestion)(question.webhook.url)
            : ''
        }
        cancelLabel={T.cancel}
        confirmLabel={question?.kind === 'rotate' ? T.rotateSecret : T.delete}
        destructive
        confirmDisabled={remove.isPending || rotate.isPending}
        onConfirm={(event) => {
          // Open until the server answers, so a failure is told where it was asked.
          event.preventDefault();
          answer();
        }}
      />
      <FormDialog
        open={rotated !== null}
        onOpenChange={(open) => !open && setRotated(null)}
        title={T.rotatedTitle}
      >
        {rotatedShown && <WebhookSecret secret={rotatedShown} />}
        <DialogActions submitLabel={T.done} onSubmit={() => setRotated(null)} />
      </FormDialog>
    </SectionCard>
  );
}

interface WebhookTableProps {
  webhooks: Webhook[];
  onDeliveries: (webhook: Webhook) => void;
  onEdit: (webhook: Webhook) => void;
  onAsk: (kind: 'delete' | 'rotate', webhook: Webhook) => void;
}

/** The webhooks, oldest first: a table from 768 px, a card each below. */
function WebhookTable({ webhooks, onDeliveries, onEdit, onAsk }: WebhookTableProps) {
  const update = useUpdateWebhook();
  const sendTest = useSendWebhookTest();

  const setActive = (webhook: Webhook, active: boolean) =>
    update.mutate(
      { id: webhook.id, changes: { active } },
      {
        onSuccess: () => notifySuccess(active ? T.turnedOnToast : T.turnedOffToast),
        onError: (error) => notifyFailure(T.switchFailed, error),
      },
    );
  const test = (webhook: Webhook) =>
    sendTest.mutate(webhook.id, {
      onSuccess: () => notifySuccess(T.testSent, T.testSentHint),
      onError: (error) => notifyFailure(T.testFailed, error),
    });

  return (
    <Table aria-label={T.listLabel} {...STACKED.table}>
      <TableHeader {...STACKED.header}>
        <TableRow {...STACKED.row}>
          <TableHead role="columnheader">{T.url}</TableHead>
          <TableHead role="columnheader">{T.events}</TableHead>
          <TableHead role="columnheader">{T.format}</TableHead>
          <TableHead role="columnheader">{T.status}</TableHead>
          <TableHead role="columnheader">
            <span className="sr-only">{T.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody {...STACKED.body}>
        {webhooks.map((webhook) => (
          <WebhookRow
            key={webhook.id}
            webhook={webhook}
            switching={update.isPending && update.variables.id === webhook.id}
            testing={sendTest.isPending && sendTest.variables === webhook.id}
            onActive={(active) => setActive(webhook, active)}
            onTest={() => test(webhook)}
            onDeliveries={() => onDeliveries(webhook)}
            onEdit={() => onEdit(webhook)}
            onAsk={(kind) => onAsk(kind, webhook)}
          />
        ))}
      </TableBody>
    </Table>
  );
}

interface WebhookRowProps {
  webhook: Webhook;
  switching: boolean;
  testing: boolean;
  onActive: (active: boolean) => void;
  onTest: () => void;
  onDeliveries: () => void;
  onEdit: () => void;
  onAsk: (kind: 'delete' | 'rotate') => void;
}

function WebhookRow({
  webhook,
  switching,
  testing,
  onActive,
  onTest,
  onDeliveries,
  onEdit,
  onAsk,
}: WebhookRowProps) {
  const events = eventsSummary(webhook.events);
  const turnedOff = webhook.disabledReason !== null && (
    <TurnedOff webhook={webhook} switching={switching} onTurnOn={() => onActive(true)} />
  );
  // Icon-only buttons, with no text to show: the title names each on hover, and the hidden text names
  // it, with the webhook's URL, for a screen reader.
  const iconActions = [
    { label: T.edit, icon: Pencil, onClick: onEdit },
    { label: T.rotateSecret, icon: KeyRound, onClick: () => onAsk('rotate') },
    { label: T.delete, icon: Trash2, onClick: () => onAsk('delete') },
  ];
  return (
    <>
      <TableRow
        {...STACKED.row}
        className={cn(STACKED.row.className, turnedOff && 'md:border-b-0')}
        data-testid="webhook-row"
      >
        <StackedCell className="min-w-0 md:max-w-80">
          <span className="font-medium break-all">{webhook.url}</span>
          {/* On a phone the reason stays in the webhook's card; from 768 px it takes the row below. */}
          {turnedOff && <div className="mt-2 md:hidden">{turnedOff}</div>}
        </StackedCell>
        <StackedCell label={T.events} className="md:max-w-56 md:min-w-32">
          {events.shown === events.all ? (
            <span>{events.all}</span>
          ) : (
            <>
              {/* Shortened on screen; every event is read out, and shown on hover. */}
              <span aria-hidden="true" title={events.all}>
                {events.shown}
              </span>
              <span className="sr-only">{events.all}</span>
            </>
          )}
        </StackedCell>
        <StackedCell label={T.format} className="md:whitespace-nowrap">
          <span>{WEBHOOK_FORMAT_LABELS[webhook.format]}</span>
        </StackedCell>
        <StackedCell className="max-md:-ml-2">
          <ActiveSwitch
            checked={webhook.active}
            label={T.active}
            name={webhook.url}
            disabled={switching}
            onToggle={() => onActive(!webhook.active)}
          />
        </StackedCell>
        <StackedCell className="max-md:pt-2 md:text-right">
          <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
            <Button variant="outline" size="sm" onClick={onDeliveries}>
              <List aria-hidden="true" />
              {T.deliveries}
              <span className="sr-only"> {webhook.url}</span>
            </Button>
            <Button variant="outline" size="sm" disabled={testing} onClick={onTest}>
              {testing ? <Spinner /> : <Send aria-hidden="true" />}
              {T.sendTest}
              <span className="sr-only"> {webhook.url}</span>
            </Button>
            {iconActions.map(({ label, icon: Icon, onClick }) => (
              <Button key={label} variant="ghost" size="sm" className="px-2" title={label} onClick={onClick}>
                <Icon aria-hidden="true" />
                <span className="sr-only">
                  {label} {webhook.url}
                </span>
              </Button>
            ))}
          </div>
        </StackedCell>
      </TableRow>
      {turnedOff && (
        <TableRow {...STACKED.row} className="hover:bg-transparent max-md:hidden">
          <TableCell role="cell" colSpan={5} className="pt-0">
            {turnedOff}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** Why the help desk turned the webhook off, and the way to turn it back on. */
function TurnedOff({
  webhook,
  switching,
  onTurnOn,
}: {
  webhook: Webhook;
  switching: boolean;
  onTurnOn: () => void;
}) {
  return (
    <div className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant="red">
          <TriangleAlert aria-hidden="true" className="size-3" />
          {T.turnedOff}
        </Badge>
        <span className="break-words">{webhook.disabledReason}</span>
      </p>
      <p className="text-xs">{T.turnedOffHint}</p>
      <Button variant="outline" size="sm" className="bg-card" disabled={switching} onClick={onTurnOn}>
        {T.turnOn}
        <span className="sr-only"> {webhook.url}</span>
      </Button>
    </div>
  );
}
