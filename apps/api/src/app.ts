// Builds the Fastify app from plugins: third-party first, then ours, then the routes.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZRuntimeConfig, type RuntimeConfig } from '@sp/shared';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders, uploadOrigin } from './plugins/security-headers.ts';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app.ts';
import { registerAuthenticate } from './plugins/authenticate.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerWellFormedText } from './plugins/well-formed-text.ts';
import {
  anyGate,
  createBuiltinIdentity,
  createCognitoPoolVerifier,
  identityRoutes,
  invitationCodeGate,
  type Clock,
  type SignUpGate,
} from './identity/index.ts';
import type { ScryptParams } from './identity/passwords.ts';
import { createMailPort, type MailPort } from './ports/mail/index.ts';
import { mailboxRoutes } from './ports/mail/mailbox-routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { inviteCodesRoutes } from './modules/invite-codes/routes.ts';
import { createInviteCodesRepository } from './modules/invite-codes/repository.ts';
import { createProfilesRepository } from './modules/profiles/repository.ts';
import { createProfilesService, type IdentityAccounts } from './modules/profiles/service.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { createBlobStore, type BlobStore } from './ports/blobs/index.ts';
import { createEventsRepository } from './modules/events/repository.ts';
import { createEventAccess } from './modules/events/access.ts';
import { createEventsService } from './modules/events/service.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { createFilesRepository } from './modules/files/repository.ts';
import { createFilesService } from './modules/files/service.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { createInvitationsRepository } from './modules/invitations/repository.ts';
import { createInvitationsService } from './modules/invitations/service.ts';
import { invitationTokenGate } from './modules/invitations/sign-up-gate.ts';
import { createSponsorAccess } from './modules/invitations/sponsor-access.ts';
import { invitationsRoutes } from './modules/invitations/routes.ts';
import { createTeamRepository } from './modules/team/repository.ts';
import { createTeamService } from './modules/team/service.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { createMessageBus, type MessageBus } from './ports/bus/index.ts';
import { createChatRepository } from './modules/chat/repository.ts';
import { createChatAccess } from './modules/chat/access.ts';
import { createChatService } from './modules/chat/service.ts';
import { createStreamHub } from './modules/chat/stream-hub.ts';
import { createStreamTickets } from './modules/chat/stream-tickets.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { createNotificationsRepository } from './modules/notifications/repository.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { createSponsorGuestLinks } from './modules/invitations/service.ts';
import { createSponsorshipsRepository } from './modules/sponsorships/repository.ts';
import { createSponsorshipsService } from './modules/sponsorships/service.ts';
import { sponsorshipsRoutes } from './modules/sponsorships/routes.ts';
import { createTasksRepository } from './modules/tasks/repository.ts';
import { tasksRoutes } from './modules/tasks/routes.ts';
import { createSearchRepository } from './modules/search/repository.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { dataExportRoutes } from './modules/data-export/routes.ts';
import { createAgreementArchiveRepository } from './modules/agreement-archive/repository.ts';
import { createAgreementArchiveService } from './modules/agreement-archive/service.ts';
import { agreementArchiveRoutes } from './modules/agreement-archive/routes.ts';
import { createDashboardRepository } from './modules/dashboard/repository.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { createReadCache } from './lib/read-cache.ts';

/** Memory for the read cache: bench data (50 conversations of 200 messages, both sides) takes ~8 MB. */
const READ_CACHE_BYTES = 32 * 1024 * 1024;

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
  /**
   * Who may sign up with the built-in provider; by default whoever has a valid invitation code or a
   * usable invitation link for their own address.
   */
  signUpGate?: SignUpGate;
  /** Cheaper password hashing for tests. */
  passwordHashing?: ScryptParams;
  /** Another blob store; by default DATA_DIR/files, or the S3 bucket when S3_BUCKET is set. */
  blobs?: BlobStore;
  /** Another event bus (tests); by default LISTEN/NOTIFY with PostgreSQL (DATABASE_URL), else in-process. */
  bus?: MessageBus;
};

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return ZRuntimeConfig.parse({
    apiBase: '/api',
    // Same origin for the built-in provider, so the app works under any host name it is reached by
    // and the strict connect-src 'self' holds.
    identityEndpoint:
      config.identity.kind === 'builtin'
        ? '/identity/'
        : `https://cognito-idp.${config.identity.region}.amazonaws.com/`,
    userPoolId: config.identity.userPoolId,
    clientId: config.identity.clientId,
    defaultLanguage: config.defaultLanguage,
    legal: config.legal,
  });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long path parameters get the route's own answer (e.g. 404 for a code) instead of a bare 414.
    routerOptions: { maxParamLength: 8192 },
    // Errors raised before routing (malformed URL encoding, bad content type) get the one error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      // Fastify types this reply for a route that does not exist yet.
      const plainReply = reply as unknown as FastifyReply;
      void plainReply
        .code(status)
        .type('application/json; charset=utf-8')
        .send({ message: 'Bad request', code: 'BAD_REQUEST' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const s3Origin = uploadOrigin(config.files.store);
  await registerSecurityHeaders(app, {
    extraConnectSources: s3Origin ? [s3Origin] : [],
    extraScriptSources: inlineScriptHashes(deps.webDistDir),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sponsoring platform API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets style attributes; allowed on this developer page only, scripts stay 'self'.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
  });

  const inviteCodes = createInviteCodesRepository(database.db);
  const profilesRepository = createProfilesRepository(database.db);

  const defaultMail = deps.mail ? null : createMailPort(config, database.db, app.log);
  const mail: MailPort = deps.mail ?? defaultMail!;
  app.addHook('onClose', async () => defaultMail?.close());
  const identity =
    config.identity.kind === 'builtin'
      ? createBuiltinIdentity({
          config,
          db: database.db,
          mail,
          log: app.log,
          clock: deps.clock,
          signUpGate: deps.signUpGate ?? anyGate(invitationCodeGate, invitationTokenGate),
          passwordHashing: deps.passwordHashing,
          // A new password must not be built from the user's organisation name either (decision 016).
          organisationNameOf: async (sub) =>
            (await profilesRepository.findByCognitoId(sub))?.organisation?.name ?? null,
        })
      : null;
  const verifier =
    config.identity.kind === 'cognito' ? createCognitoPoolVerifier(config.identity, deps.clock) : identity!.verifier;
  registerAuthenticate(app, verifier);
  registerRateLimits(app, config.rateLimits, deps.clock);
  registerWellFormedText(app);
  // Deleting an account removes the identity user too. With a real Cognito pool that needs
  // AdminDeleteUser and AWS credentials, which this server does not hold: the web app then calls
  // DeleteUser itself with the user's own token.
  const identityAccounts: IdentityAccounts = {
    deleteUser: async (sub) => {
      if (!identity) return;
      await identity.context.repo.deleteUser(sub);
      verifier.forgetRevocationStates?.();
    },
  };
  const blobs = deps.blobs ?? (await createBlobStore(config, database.db, { uploadPath: '/api/files/upload/' }));
  if (!deps.blobs) app.addHook('onClose', async () => blobs.close());
  const eventsRepository = createEventsRepository(database.db);
  const invitationsRepository = createInvitationsRepository(database.db);
  const sponsorAccess = createSponsorAccess(invitationsRepository, deps.clock);
  const eventAccess = createEventAccess(eventsRepository, { sponsors: sponsorAccess });
  const files = createFilesService({
    repo: createFilesRepository(database.db),
    store: blobs,
    access: eventAccess,
    maxBytes: config.files.maxBytes,
    log: app.log,
    clock: deps.clock,
    // Called after downloads only, when `sponsorships` below exists.
    onDownloaded: (who, file) => sponsorships.recordDownload(who, file),
  });
  const sponsorships = createSponsorshipsService({
    repo: createSponsorshipsRepository(database.db),
    files,
    sponsors: sponsorAccess,
    events: eventAccess,
    log: app.log,
    clock: deps.clock,
    // Notifications go into the sponsorship's conversation; `chat` below exists before any request.
    notify: async (notice) => {
      await Promise.all([chat.postSponsorshipNotification(notice), notifications.onSponsorship(notice)]);
    },
  });
  // Answers of the hot list reads, checked against the database's version on every request (decision 011).
  const readCache = createReadCache({ maxBytes: READ_CACHE_BYTES });
  const events = createEventsService({ repo: eventsRepository, access: eventAccess, files, clock: deps.clock });
  const archive = createAgreementArchiveService({
    repo: createAgreementArchiveRepository(database.db),
    store: blobs,
    log: app.log,
    retentionYears: config.agreementRetentionYears,
    deleteOrganisationFiles: (organisationId) => files.deleteOrganisationFiles(organisationId),
    clock: deps.clock,
  });
  const profiles = createProfilesService({
    profiles: profilesRepository,
    identity: identityAccounts,
    clock: deps.clock,
    // Signed agreements are archived in the deleting transaction (legal retention, decision 010); the
    // organisation's events and file records then go by ON DELETE CASCADE; its blobs once the archive
    // has its own copies.
    beforeOrganisationDeleted: (organisationId, trx) => archive.archiveOrganisation(organisationId, trx),
    onOrganisationDeleted: async (organisationId) => {
      try {
        await archive.finishOrganisationDeletion(organisationId);
      } catch (error) {
        app.log.error({ err: error, organisationId }, "could not finish removing a deleted organisation's files");
      }
    },
  });
  const bus = deps.bus ?? createMessageBus(database, config.databaseUrl, app.log);
  if (!deps.bus) app.addHook('onClose', async () => bus.close());
  const chatRepository = createChatRepository(database.db, database.engine);
  const chatGuests = createSponsorGuestLinks({
    repo: invitationsRepository,
    sponsorAccessDays: config.invitations.sponsorAccessDays,
    clock: deps.clock,
  });
  const chatHub = createStreamHub({ repo: chatRepository, bus, log: app.log });
  // In-app alerts travel on the chat's stream, to the recipient's own connections.
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(database.db),
    bus,
    streams: chatHub,
    log: app.log,
    clock: deps.clock,
  });
  app.addHook('preClose', async () => notifications.close());
  const chat = createChatService({
    repo: chatRepository,
    bus,
    hub: chatHub,
    guests: chatGuests,
    mail,
    publicUrl: config.publicUrl,
    defaultLanguage: config.defaultLanguage,
    log: app.log,
    clock: deps.clock,
    onMessageStored: (message, conversation) =>
      message.senderSide === 'system'
        ? Promise.resolve()
        : notifications.onMessage({
            conversationId: conversation.id,
            organisationId: conversation.organisationId,
            sponsorEmailNormalized: conversation.sponsorEmailNormalized,
            senderSide: message.senderSide,
            senderId: message.senderId,
            senderName: message.senderName,
          }),
  });
  // Open streams would keep the server from closing; pending notices finish before the database goes.
  app.addHook('preClose', async () => chatHub.close());
  app.addHook('onClose', async () => chat.drain());
  const invitations = createInvitationsService({
    repo: invitationsRepository,
    profiles: profilesRepository,
    access: eventAccess,
    mail,
    publicUrl: config.publicUrl,
    teamTtlDays: config.invitations.teamTtlDays,
    sponsorAccessDays: config.invitations.sponsorAccessDays,
    defaultLanguage: config.defaultLanguage,
    clock: deps.clock,
    notifySponsorship: chat.postSponsorshipNotification,
    onTeamInvitationAccepted: (invitation, caller) =>
      notifications.onInvitationAccepted({ invitationId: invitation.id, email: caller.email, acceptedBy: caller.sub }),
  });
  const team = createTeamService({
    repo: createTeamRepository(database.db),
    profiles: profilesRepository,
    clock: deps.clock,
  });
  if (identity) {
    await app.register(identityRoutes, {
      prefix: '/identity',
      identity: identity.context,
      publicUrl: config.publicUrl,
    });
  }
  if (!config.mail.smtpUrl) await app.register(mailboxRoutes, { db: database.db, token: config.mail.mailboxToken });

  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return runtimeConfigOf(config);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(inviteCodesRoutes, { inviteCodes });
      await api.register(profilesRoutes, { profiles });
      await api.register(eventsRoutes, { events, readCache });
      await api.register(filesRoutes, { files, maxBytes: config.files.maxBytes, localUploads: blobs.kind === 'local' });
      await api.register(invitationsRoutes, { invitations });
      await api.register(teamRoutes, { team });
      await api.register(chatRoutes, {
        chat,
        access: createChatAccess(chatRepository, chatGuests),
        hub: chatHub,
        readCache,
        tickets: createStreamTickets(database.db, deps.clock ?? (() => new Date())),
      });
      await api.register(sponsorshipsRoutes, { sponsorships });
      await api.register(notificationsRoutes, { notifications });
      await api.register(tasksRoutes, {
        repo: createTasksRepository(database.db),
        access: eventAccess,
        clock: deps.clock,
      });
      await api.register(searchRoutes, { repo: createSearchRepository(database.db) });
      await api.register(settingsRoutes, {
        db: database.db,
        defaultLanguage: config.defaultLanguage,
        clock: deps.clock,
      });
      await api.register(agreementArchiveRoutes, { archive });
      await api.register(dataExportRoutes, {
        db: database.db,
        defaultLanguage: config.defaultLanguage,
        clock: deps.clock,
      });
      await api.register(dashboardRoutes, { repo: createDashboardRepository(database.db), access: eventAccess });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, deps.webDistDir);
  return app;
}
