// Signed webhooks (issue 61 point 2, decision 111): the owner's endpoints, the queue of deliveries
// and the job that drains it. The only writer of webhook_endpoints and webhook_deliveries. Modules
// whose changes are reported call enqueueWebhookEvent with their own transaction.
import { defineModule } from '../kit.ts';
import { createDeliveryJob, keepDeliveryJob } from './delivery-job.ts';
import { createWebhooksRepository, enqueueWebhookEvent } from './repository.ts';
import { webhooksRoutes } from './routes.ts';
import { sendWebhook } from './sender.ts';
import { createWebhooksService } from './service.ts';

export { enqueueWebhookEvent } from './repository.ts';

export const webhooksModule = defineModule({
  name: 'webhooks',
  ports: ['db', 'config', 'clock', 'log', 'secrets', 'work', 'events'],
  setup: async ({ db, config, clock, log, secrets, work, events, use, onClose }) => {
    const repo = createWebhooksRepository(db);
    const webhooks = createWebhooksService({
      db,
      repo,
      access: use('access', 'events'),
      secrets,
      allowPrivate: config.webhooks.allowPrivateAddresses,
      clock,
    });
    // While the secrets key changes (IDENTITY_SECRETS_KEY_PREVIOUS), each start seals the secrets
    // again with the new key, so they still open once the previous key is gone (decision 045).
    if (config.secrets.previousKey) await webhooks.sealAgain();
    const job = createDeliveryJob({
      repo,
      log,
      signingSecrets: webhooks.signingSecrets,
      send: (request) =>
        sendWebhook(request, {
          allowPrivate: config.webhooks.allowPrivateAddresses,
          timeoutMs: config.webhooks.timeoutMs,
        }),
    });
    keepDeliveryJob(db, job);
    // A sponsor's message: the chat's write path is group-committed for speed, so it is queued right
    // after the commit by the process that stored it (a crash in between loses that one message's
    // webhook; decision 111 says why that is the trade).
    events.subscribe('chat.message-stored', async (message) => {
      if (message.senderSide !== 'sponsor') return;
      await enqueueWebhookEvent(db, {
        organisationId: message.organisationId,
        type: 'message.received',
        data: {
          conversation_id: message.conversationId,
          sponsor_email: message.sponsorEmailNormalized,
          sender_name: message.senderName,
        },
        at: clock?.() ?? new Date(),
      });
    });
    job.start(clock ?? (() => new Date()), work);
    onClose('preClose', () => job.stop());
    return { api: {}, routes: async (app) => app.register(webhooksRoutes, { webhooks }) };
  },
});
