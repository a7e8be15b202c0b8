import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  EMAIL_SETTINGS_TEXTS,
  type ListedMailbox,
  type MailboxStatus,
} from '@shared/contracts/email-settings';
import { Button } from '@/components/ui/button';
import { Heading, Subsections } from '@/components/ui/heading';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import type { EmailSettingsFormValues } from '../lib/email-settings-form';
import { ImapSettingsFields } from './imap-settings-fields';
import { MailboxFetchStatus } from './mailbox-status';
import { SaveOutcome, type SaveOutcomeState } from './save-outcome';

interface MailboxTestButtonProps {
  /** The mailbox's place in the list (0: the first), for the hint's id. */
  index: number;
  busy: boolean;
  /** Saved and unchanged: the connection test uses the saved settings. */
  canTest: boolean;
  testing: boolean;
  onTest: () => void;
}

/** A mailbox's Test Connection, and why it waits while the mailbox is not saved as shown. */
export function MailboxTestButton({ index, busy, canTest, testing, onTest }: MailboxTestButtonProps) {
  const hintId = index === 0 ? 'settings-imap-test-hint' : `settings-imap-${index + 1}-test-hint`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        onClick={onTest}
        disabled={busy || !canTest}
        aria-describedby={canTest ? undefined : hintId}
      >
        {testing && <Spinner />}
        {testing ? EMAIL_SETTINGS_TEXTS.imapTesting : EMAIL_SETTINGS_TEXTS.imapTest}
      </Button>
      {!canTest && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {EMAIL_SETTINGS_TEXTS.imapSaveFirst}
        </p>
      )}
    </div>
  );
}

interface MoreMailboxProps {
  form: UseFormReturn<EmailSettingsFormValues>;
  /** Its place in the list: 1 is the second mailbox. */
  index: number;
  /** The saved mailbox it edits; null for one added since the last save. */
  saved: ListedMailbox | null;
  status: MailboxStatus | null;
  busy: boolean;
  canTest: boolean;
  testing: boolean;
  outcome: SaveOutcomeState | null;
  onTest: () => void;
  onRemove: () => void;
}

/**
 * A mailbox after the first (issue 39): its heading ("Mailbox 2"), how fetching from it goes, its
 * fields (the first's, with its group), its Test Connection and Remove Mailbox.
 */
export function MoreMailbox({
  form,
  index,
  saved,
  status,
  busy,
  canTest,
  testing,
  outcome,
  onTest,
  onRemove,
}: MoreMailboxProps) {
  const headingId = useId();
  const title = EMAIL_SETTINGS_TEXTS.mailboxTitle(index + 1);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <Separator />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-sm font-semibold">
          {title}
        </Heading>
        <Button
          variant="outline"
          size="sm"
          onClick={onRemove}
          disabled={busy}
          aria-label={`${EMAIL_SETTINGS_TEXTS.removeMailbox}: ${title}`}
        >
          {EMAIL_SETTINGS_TEXTS.removeMailbox}
        </Button>
      </div>
      <Subsections>{status && <MailboxFetchStatus mailbox={status} />}</Subsections>
      <ImapSettingsFields
        form={form}
        index={index}
        savedPasswordMask={saved?.password || null}
        savedServer={saved}
      >
        <MailboxTestButton index={index} busy={busy} canTest={canTest} testing={testing} onTest={onTest} />
        <SaveOutcome outcome={outcome} />
      </ImapSettingsFields>
    </section>
  );
}
