import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type pg from 'pg';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { authRoutes } from './features/auth/auth.routes';
import { cannedResponsesRoutes } from './features/canned-responses/canned-responses.routes';
import { passwordResetRoutes } from './features/auth/password-reset.routes';
import { trackSessionActivity } from './features/auth/session-activity';
import { sessionsRoutes } from './features/auth/sessions.routes';
import { apiTokensRoutes } from './features/api-tokens/api-tokens.routes';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes';
import { totpRoutes } from './features/auth/totp.routes';
import { conversationRoutes } from './features/conversation/conversation.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { assetsRoutes } from './features/equipment/assets.routes';
import { equipmentRoutes } from './features/equipment/equipment.routes';
import { inboundRoutes } from './features/inbound/inbound.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { repliesRoutes } from './features/replies/replies.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { csatRoutes } from './features/csat/csat.routes';
import { webhooksRoutes } from './features/webhooks/webhooks.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { defineSlaRecomputeQueue, enqueueSlaRecompute } from './features/sla/sla-recompute.job';
import { tagsRoutes } from './features/tags/tags.routes';
import { ticketFieldsRoutes } from './features/ticket-fields/ticket-fields.routes';
import { groupsRoutes } from './features/groups/groups.routes';
import { rulesRoutes } from './features/rules/rules.routes';
import { portalAuthRoutes } from './features/portal/portal-auth.routes';
import { portalTicketsRoutes } from './features/portal/portal-tickets.routes';
import { ticketMergeRoutes } from './features/ticket-merge/ticket-merge.routes';
import { invitationRoutes } from './features/team/invitations.routes';
import { teamRoutes } from './features/team/team.routes';
import { hideUnseenTickets } from './features/tickets/unseen-ticket-guard';
import { ticketsRoutes } from './features/tickets/tickets.routes';
import { closeTicketRoutes } from './features/time/close-ticket.routes';
import { harvestUsersRoutes } from './features/harvest-users/harvest-users.routes';
import { matchAfterVerification } from './features/harvest-users/harvest-users.service';
import { harvestPickerRoutes } from './features/time/harvest-pickers.routes';
import { timeEntriesRoutes } from './features/time/time-entries.routes';
import { timersRoutes } from './features/timers/timers.routes';
import { usersRoutes } from './features/users/users.routes';
import { viewsRoutes } from './features/views/views.routes';
import { createHarvestServices, type HarvestServices } from './harvest/sync/harvest-services';
import type { RecordSyncedTicket } from './harvest/sync/sync.repository';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { createMailer } from './mail/smtp-transport';
import { compressWholeAnswers } from './middleware/compress-whole-answers';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { sameOriginWrites } from './middleware/same-origin';
import { apiTokenAuth, unlessApiToken } from './middleware/api-token-auth';
import { sessionMiddleware } from './middleware/session';
import { answerOnceForgotten, type SessionCache } from './middleware/session-cache';
import type { SessionUserRow } from './core/users/user.mapper';
import { createReadinessCheck, healthRoutes } from './observability/health';
import { createMetrics } from './observability/metrics';
import { metricsRoutes } from './observability/metrics-routes';
import { observeRequests } from './observability/request-log';
import { registerTicketChangeSubscribers } from './ticket-change-subscribers';
import { recordTicketChange } from './core/ticket-changes/ticket-changes.service';

export interface AppDeps {
  config: AppConfig;
  pool: pg.Pool;
  db: Database;
  sessionSecret: string;
  /** Serves the SPA: the built files of dist/public, or Vite's dev middleware. */
  spa?:
    | { staticDir: string }
    | { devMiddleware: RequestHandler; indexHtml: (url: string, page: SpaPage) => Promise<string> };
  /**
   * Harvest credentials, client, caches and pusher, shared with the background sync job (server.ts).
   * Default: built from `config` with `config.encryptionKey`, or with a key of this process only, which
   * suits tests (server.ts always passes the configured or DATA_DIR key).
   */
  harvest?: HarvestServices;
  /** The background job runner (server/jobs). Default: one on `pool`, started on first use. */
  jobs?: JobRunner;
  /** Called after an admin saves the email settings (server.ts: the mailbox fetch runs at once). */
  onEmailSettingsSaved?: () => void;
  /**
   * Signed-in sessions kept in memory between changes (server/middleware/session-cache.ts), in
   * PostgreSQL mode; whoever creates it stops it. Without it every request reads its session.
   */
  sessionCache?: SessionCache<SessionUserRow>;
}

/**
 * The Harvest sync's change of a ticket, recorded in the push's transaction by the one "ticket changed"
 * path: linked to its Harvest entry, and closed → closed_with_harvest when it was closed. Handed to
 * every createHarvestServices (here, server.ts, the tests' Harvest support).
 */
export const recordHarvestSyncedTicket: RecordSyncedTicket = (tx, ticketId, closedWithHarvest) =>
  recordTicketChange(tx, {
    actor: { system: 'harvest' },
    channel: 'system',
    tickets: [
      closedWithHarvest
        ? { ticketId, closedWithHarvest: true, status: { before: 'closed', after: 'closed_with_harvest' } }
        : { ticketId },
    ],
  });

/** The two pages of the build: the agents' app, and the requesters' portal (issue 41). */
export type SpaPage = 'index.html' | 'portal.html';

/** The portal's pages, /portal and everything under it: they get portal.html, the rest index.html. */
const PORTAL_PAGES = ['/portal', '/portal/{*splat}'];

/** Builds the Express app without listening, so tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config, pool, db } = deps;
  const harvest =
    deps.harvest ??
    createHarvestServices({
      db,
      config,
      encryptionKey: config.encryptionKey ?? crypto.randomBytes(32),
      recordSyncedTicket: recordHarvestSyncedTicket,
    });
  const jobs = deps.jobs ?? createJobRunner(pool);
  // Before any request or job writes a ticket: SLA, notices and the poll cache hear of every change.
  registerTicketChangeSubscribers();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.set('etag', 'strong');
  // First, so every answer carries its X-Request-Id and is logged and counted (server/observability).
  const metrics = config.metrics.token ? createMetrics({ pool, db }) : undefined;
  app.use(
    observeRequests({
      logRequests: config.logRequests,
      trustProxy: config.trustProxy,
      onRequest: metrics?.observeRequest,
    }),
  );

  const devMode = deps.spa !== undefined && 'devMiddleware' in deps.spa;
  app.use(
    helmet({
      contentSecurityPolicy: devMode
        ? false // Vite's dev client injects inline scripts; production serves none.
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'https:'],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              upgradeInsecureRequests: null,
            },
          },
      hsts: config.env === 'production',
      // With "no-referrer" Chromium sends `Origin: null` on same-origin form posts (Sign Out).
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  // Streams through the compression middleware; whole answers (all of the API's) in one piece.
  app.use(compression());
  app.use(compressWholeAnswers());
  // Probes and the scrape: no session, outside /api, before the SPA's fallback page.
  app.use(healthRoutes({ readiness: createReadinessCheck(pool) }));
  app.use(metricsRoutes({ token: config.metrics.token, metrics }));

  const api = express.Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-cache');
    next();
  });
  // The mail pipeline's webhook: a bearer token instead of a session, its own body parsers (JSON and
  // raw message/rfc822 up to INBOUND_MAX_BYTES), so it comes before the parsers, CSRF check and session.
  api.use(inboundRoutes({ db, config }));
  api.use(apiDocsRoutes());
  api.use(express.json({ limit: '1mb' }));
  api.use(express.urlencoded({ extended: false, limit: '100kb' }));
  // An API token (issue 43) stands in for the session: its requests skip the CSRF check and the
  // session's cookie (neither applies to a header a page cannot set across sites).
  api.use(apiTokenAuth({ db, config, cache: deps.sessionCache }));
  api.use(unlessApiToken(sameOriginWrites(config.allowedOrigins)));
  // A request that changed a session or a user is answered once no process serves the old one.
  if (deps.sessionCache) api.use(answerOnceForgotten(deps.sessionCache));
  // The requester's portal (issue 41): its own session cookie, so it comes before the agents' session,
  // which it never reads (and agent routes never read the portal's).
  api.use(portalAuthRoutes({ db, jobs, cipher: harvest.cipher, config }));
  api.use(portalTicketsRoutes({ db, config }));
  api.use(
    unlessApiToken(
      sessionMiddleware({
        pool,
        db,
        secret: deps.sessionSecret,
        maxAgeMs: config.sessionMaxAgeMs,
        secureCookie: config.env === 'production' && config.trustProxy,
        pruneExpired: config.env !== 'test',
        cache: deps.sessionCache,
      }),
    ),
  );
  api.use(unlessApiToken(trackSessionActivity(db)));
  api.use(authRoutes({ db, config }));
  api.use(sessionsRoutes({ db, config, sessionSecret: deps.sessionSecret }));
  api.use(totpRoutes({ db, config, cipher: harvest.cipher }));
  api.use(apiTokensRoutes({ db }));
  // Every router below serves signed-in users only; each applies requireAuth itself.
  // A ticket in the Trash is 404 to all but admins on every /api/tickets/:id route (issue 26), and on
  // the routes that reach its files and replies by their own ids (issue 34); so is a ticket of a
  // private group to all but its members and admins (issue 39).
  api.use(hideUnseenTickets(db));
  api.use(ticketMergeRoutes({ db }));
  api.use(ticketsRoutes({ db, config }));
  api.use(conversationRoutes({ db, config }));
  api.use(repliesRoutes({ db, config, jobs, cipher: harvest.cipher }));
  api.use(dashboardRoutes({ db, config }));
  api.use(usersRoutes({ db, config }));
  api.use(teamRoutes({ db, jobs, cipher: harvest.cipher, config, publicUrl: config.publicUrl }));
  api.use(invitationRoutes({ db, config }));
  api.use(passwordResetRoutes({ db, jobs, cipher: harvest.cipher, config }));
  api.use(equipmentRoutes({ db, config }));
  api.use(assetsRoutes({ db }));
  api.use(
    settingsRoutes({
      db,
      cipher: harvest.cipher,
      harvest,
      matchHarvestAgents: (client, owner) => matchAfterVerification(db, client, owner),
      mailer: createMailer({
        timeoutMs: config.email.smtpTimeoutMs,
        allowLoopbackHosts: config.email.allowLoopbackHosts,
      }),
      imapTimeoutMs: config.email.fetch.timeoutMs,
      mailHosts: { allowLoopbackHosts: config.email.allowLoopbackHosts },
      mailboxImportSince: config.email.fetch.importSince,
      onEmailSettingsSaved: deps.onEmailSettingsSaved,
      slaRecompute: {
        prepare: () => defineSlaRecomputeQueue(jobs),
        enqueue: (tx) => enqueueSlaRecompute(jobs, tx),
      },
    }),
  );
  api.use(harvestPickerRoutes({ db, harvest }));
  api.use(harvestUsersRoutes({ db, harvest }));
  api.use(closeTicketRoutes({ db, harvest }));
  api.use(timeEntriesRoutes({ db, harvest }));
  api.use(timersRoutes({ db }));
  api.use(notificationsRoutes({ db }));
  api.use(cannedResponsesRoutes({ db }));
  api.use(viewsRoutes({ db }));
  api.use(ticketFieldsRoutes({ db }));
  api.use(groupsRoutes({ db }));
  api.use(rulesRoutes({ db }));
  api.use(tagsRoutes({ db }));
  api.use(csatRoutes({ db }));
  api.use(
    webhooksRoutes({ db, cipher: harvest.cipher, allowLoopbackHosts: config.webhooks.allowLoopbackHosts }),
  );
  api.use(reportsRoutes({ db }));
  api.use(apiNotFound);
  api.use(errorHandler);
  app.use('/api', api);

  if (deps.spa && 'staticDir' in deps.spa) {
    const { staticDir } = deps.spa;
    const indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'));
    const portalHtml = fs.readFileSync(path.join(staticDir, 'portal.html'));
    app.use(
      '/assets',
      express.static(path.join(staticDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
    );
    app.use(express.static(staticDir, { index: false }));
    app.get(PORTAL_PAGES, (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('html').send(portalHtml);
    });
    app.get('/{*splat}', (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('html').send(indexHtml);
    });
  } else if (deps.spa && 'devMiddleware' in deps.spa) {
    const { devMiddleware, indexHtml } = deps.spa;
    app.use(devMiddleware);
    app.get(PORTAL_PAGES, async (req, res) => {
      res.type('html').send(await indexHtml(req.originalUrl, 'portal.html'));
    });
    app.get('/{*splat}', async (req, res) => {
      res.type('html').send(await indexHtml(req.originalUrl, 'index.html'));
    });
  }
  app.use(errorHandler);
  return app;
}
