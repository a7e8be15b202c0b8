import type { Database, DbOrTx } from '../../db/client';
import type { MatchAgents } from '../../harvest/harvest-verification';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import type { TokenCipher } from '../../lib/token-cipher';
import type { MailHostPolicy } from '../../mail/mail-server-address';
import type { Mailer } from '../../mail/smtp-transport';

/** What the settings routes need; each service takes the part it uses. */
export interface SettingsDeps {
  db: Database;
  /** The app-wide cipher that seals the mail passwords (the Harvest token is sealed by `harvest`). */
  cipher: TokenCipher;
  harvest: HarvestServices;
  /** Once Harvest verifies saved credentials, agents are matched to Harvest users (server/features/harvest-users, wired in app.ts). */
  matchHarvestAgents?: MatchAgents;
  /** Sends the test email (server/mail). */
  mailer: Mailer;
  /** Connection timeouts of Test Connection (IMAP_TIMEOUT_MS). */
  imapTimeoutMs: number;
  /** Which mail hosts may be saved and connected to (MAIL_ALLOW_LOOPBACK_HOSTS). */
  mailHosts: MailHostPolicy;
  /** Where a newly configured mailbox starts (IMAP_IMPORT_SINCE); the moment of saving when unset. */
  mailboxImportSince?: Date;
  /** Called after the email settings are saved: the mailbox fetch runs at once rather than at its interval. */
  onEmailSettingsSaved?: () => void;
  /**
   * Saving the calendar or the SLA targets asks every ticket's due times to be recomputed (issue 24):
   * `prepare` before the saving transaction, `enqueue` inside it (server/features/sla, wired in app.ts).
   */
  slaRecompute?: { prepare(): Promise<void>; enqueue(tx: DbOrTx): Promise<void> };
}
