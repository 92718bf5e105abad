// The composition root: Fastify with third-party plugins first, then ours, then the ports and the
// modules. Each module builds itself from the ports it declares (modules/kit.ts); adding one is its
// folder and one line in the list below.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders, uploadOrigin } from './plugins/security-headers.ts';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app.ts';
import { registerAuthenticate } from './plugins/authenticate.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { createRedis } from './ports/redis.ts';
import { registerRuntimeConfig } from './plugins/runtime-config.ts';
import { registerWellFormedText } from './plugins/well-formed-text.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import {
  anyGate,
  createBuiltinIdentity,
  createCognitoPoolVerifier,
  identityRoutes,
  loadSecretBox,
  type Clock,
  type SignUpGate,
} from './identity/index.ts';
import type { ScryptParams } from './identity/passwords.ts';
import type { DocumentCache } from './lib/document-cache.ts';
import { createMail, createPorts } from './ports.ts';
import type { BlobStore } from './ports/blobs/index.ts';
import type { MessageBus } from './ports/bus/index.ts';
import type { MailPort } from './ports/mail/index.ts';
import { mailboxRoutes } from './ports/mail/mailbox-routes.ts';
import { registerModules, type Use } from './modules/kit.ts';
import { accessModule } from './modules/access/index.ts';
import { accountDeletionModule } from './modules/account-deletion/index.ts';
import { agreementArchiveModule } from './modules/agreement-archive/index.ts';
import { agreementsModule } from './modules/agreements/index.ts';
import { chatModule } from './modules/chat/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { dataExportModule } from './modules/data-export/index.ts';
import { eventsModule } from './modules/events/index.ts';
import { filesModule } from './modules/files/index.ts';
import { assetsModule } from './modules/assets/index.ts';
import { fulfilmentModule } from './modules/fulfilment/index.ts';
import { shipmentsModule } from './modules/shipments/index.ts';
import { calendarFeedsModule } from './modules/calendar-feeds/index.ts';
import { healthModule } from './modules/health/index.ts';
import { invitationTokenGate, invitationsModule } from './modules/invitations/index.ts';
import { invoicesModule } from './modules/invoices/index.ts';
import { invitationCodeGate, inviteCodesModule } from './modules/invite-codes/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { operatorLogModule, recordKeyRotation } from './modules/operator-log/index.ts';
import { wallStatsModule } from './modules/wall-stats/index.ts';
import { webhooksModule } from './modules/webhooks/index.ts';
import { packagesModule } from './modules/packages/index.ts';
import { sponsorProfilesModule } from './modules/sponsor-profiles/index.ts';
import { organisationNameOf, profilesModule } from './modules/profiles/index.ts';
import { readinessModule } from './modules/readiness/index.ts';
import { renewalsModule } from './modules/renewals/index.ts';
import { searchModule } from './modules/search/index.ts';
import { settingsModule } from './modules/settings/index.ts';
import { sponsorshipsModule } from './modules/sponsorships/index.ts';
import { sponsorReportModule } from './modules/sponsor-report/index.ts';
import { sponsorViewModule } from './modules/sponsor-view/index.ts';
import { tasksModule } from './modules/tasks/index.ts';
import { teamModule } from './modules/team/index.ts';
import { ticketsModule } from './modules/tickets/index.ts';

/** The API's modules; routes are registered in this order under /api. */
const modules = [
  healthModule,
  accessModule,
  webhooksModule,
  inviteCodesModule,
  profilesModule,
  eventsModule,
  filesModule,
  invitationsModule,
  teamModule,
  chatModule,
  sponsorshipsModule,
  packagesModule,
  fulfilmentModule,
  ticketsModule,
  assetsModule,
  shipmentsModule,
  calendarFeedsModule,
  sponsorProfilesModule,
  wallStatsModule,
  billingModule,
  invoicesModule,
  agreementsModule,
  sponsorReportModule,
  readinessModule,
  renewalsModule,
  sponsorViewModule,
  notificationsModule,
  tasksModule,
  searchModule,
  settingsModule,
  agreementArchiveModule,
  dataExportModule,
  accountDeletionModule,
  dashboardModule,
  operatorLogModule,
];

/** The public wall's page and its embed: /sponsors/{eventId}, /sponsors/{eventId}/embed. */
const WALL_PAGE = /^\/sponsors\/(\d+)(?:\/embed)?\/?$/;

/**
 * Pages that show one thing the API may not have: their HTML answers 404 when it is not there, as
 * their call does, so that a search engine or a link checker sees a wall that is off as gone.
 */
async function pageExists(use: Use, pathname: string): Promise<boolean> {
  const wall = WALL_PAGE.exec(pathname);
  if (wall) return use('sponsor-profiles').wallIsPublic(Number(wall[1]));
  return true;
}

export type AppDeps = {
  config: Config;
  database: DbHandle;
  /** Folder of the built SPA; null in API-only tests. */
  webDistDir: string | null;
  logger?: boolean | object;
  /** The identity provider's and token checks' notion of now (tests move it). */
  clock?: Clock;
  /** Another mail adapter (tests); by default the outbox, or SMTP when SMTP_URL is set. */
  mail?: MailPort;
  /** Who may sign up with the built-in provider; by default an invitation code or an invitation link. */
  signUpGate?: SignUpGate;
  /** Cheaper password hashing for tests. */
  passwordHashing?: ScryptParams;
  /** Another blob store; by default DATA_DIR/files, or the S3 bucket when S3_BUCKET is set. */
  blobs?: BlobStore;
  /** Another event bus (tests); by default LISTEN/NOTIFY with PostgreSQL (DATABASE_URL), else in-process. */
  bus?: MessageBus;
  /** Another cache of documents made once (tests count its renders); by default one per app. */
  documents?: DocumentCache;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While shutting down, a request already on an open connection is served (with Connection: close)
    // instead of refused: the load balancer sends new ones elsewhere once /api/ready says 503 (decision 076).
    return503OnClosing: false,
    // Long path parameters get the route's own answer (e.g. 404 for a code) instead of a bare 414.
    routerOptions: { maxParamLength: 8192 },
    // Fastify types this reply for a route that does not exist yet.
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply as unknown as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerGracefulClose(app);
  const s3Origin = uploadOrigin(config.files.store);
  await registerSecurityHeaders(app, {
    extraConnectSources: s3Origin ? [s3Origin] : [],
    extraScriptSources: inlineScriptHashes(deps.webDistDir),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await registerApiDocs(app);

  // Before every other hook, so that a request refused early is measured too (decision 077).
  const metrics = await registerMetrics(app, config.metricsToken);
  const createdMail = createMail(app, config, database, deps.mail);
  const mail = metrics ? metrics.countMail(createdMail) : createdMail;
  // With either identity provider: it keys the server's signed tokens too (decision 047).
  const secrets = await loadSecretBox(database.db, {
    ...config.secrets,
    dataDir: config.dataDir,
    onRotated: (trx, change) => recordKeyRotation(trx, change),
  });
  const identity =
    config.identity.kind === 'builtin'
      ? createBuiltinIdentity({
          config,
          db: database.db,
          mail,
          log: app.log,
          secrets,
          clock: deps.clock,
          signUpGate: deps.signUpGate ?? anyGate(invitationCodeGate, invitationTokenGate),
          passwordHashing: deps.passwordHashing,
          // A new password must not be built from the user's organisation name either (decision 016).
          organisationNameOf: organisationNameOf(database.db),
        })
      : null;
  registerAuthenticate(
    app,
    config.identity.kind === 'cognito' ? createCognitoPoolVerifier(config.identity, deps.clock) : identity!.verifier,
  );
  await registerRateLimits(app, config.rateLimits, {
    clock: deps.clock,
    redis: await createRedis(app, config.redisUrl),
    redisKeyPrefix: config.redisKeyPrefix,
    byteLimits: config.byteLimits,
  });
  registerWellFormedText(app);
  const ports = await createPorts(app, { config, database, mail, identity, secrets, work: metrics?.work }, deps);

  if (identity)
    await app.register(identityRoutes, {
      prefix: '/identity',
      identity: identity.context,
      publicUrl: config.publicUrl,
    });
  if (!config.mail.smtpUrl) await app.register(mailboxRoutes, { db: database.db, token: config.mail.mailboxToken });
  registerRuntimeConfig(app, config);
  let use: Use | undefined;
  await app.register(
    async (api) => {
      use = await registerModules(api, ports, modules);
    },
    { prefix: '/api' },
  );
  metrics?.attach({ database, readCache: ports.readCache, openStreams: () => use!('chat', 'streams').size() });
  await registerWebApp(app, deps.webDistDir, { pageExists: (pathname) => pageExists(use!, pathname) });
  return app;
}
