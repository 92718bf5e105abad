// What app.close() does not do by itself on a SIGTERM (decision 076): a keep-alive connection whose
// request was in flight when the shutdown began would stay open until its idle timeout (72 s) and
// hold the close up. From the shutdown on, every answer says Connection: close, and connections that
// went idle since are closed until the server is closed; new ones are refused by server.close().
import type { FastifyInstance } from 'fastify';

const REAP_EVERY_MS = 100;

export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), REAP_EVERY_MS);
    reaper.unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearInterval(reaper));
}
