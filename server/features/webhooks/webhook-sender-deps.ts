import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { TokenCipher } from '../../lib/token-cipher';
import { configuredBaseUrl } from '../../lib/urls';
import type { WebhookSenderDeps } from './webhook-sender.job';

/** The sender's dependencies from the app's configuration (server.ts and the tests alike). */
export const webhookSenderDeps = (deps: {
  db: Database;
  jobs: JobRunner;
  config: AppConfig;
  cipher: TokenCipher;
}): WebhookSenderDeps & { jobs: JobRunner } => ({
  db: deps.db,
  jobs: deps.jobs,
  cipher: deps.cipher,
  baseUrl: configuredBaseUrl(deps.config),
  allowLoopbackHosts: deps.config.webhooks.allowLoopbackHosts,
  retryFirstDelaySeconds: deps.config.webhooks.retryFirstDelaySeconds,
});
