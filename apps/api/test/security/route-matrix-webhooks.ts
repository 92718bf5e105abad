// Rows of the authorisation matrix for webhooks (decision 111): only an organisation's owner manages
// its endpoints, and always its own (there is no organisation id in the path); an endpoint or delivery
// of A is not found for B's owner, refused for A's member, sponsors and removed members.
import { bearer, type MatrixRow } from './route-matrix-expectations.ts';

const owners = (ok: number, ofA = false) => bearer(403, { organiserA: ok, organiserB: ofA ? 404 : ok });

export const WEBHOOK_ROWS: MatrixRow[] = [
  { method: 'GET', route: '/api/webhooks', url: '/api/webhooks', expect: owners(200) },
  {
    method: 'POST',
    route: '/api/webhooks',
    url: '/api/webhooks',
    body: { url: 'https://hooks.example.org/new', event_types: ['invoice.issued'] },
    expect: owners(201),
    note: "always the caller's own organisation",
  },
  {
    method: 'PATCH',
    route: '/api/webhooks/:id',
    url: '/api/webhooks/{webhookA}',
    body: { description: 'Buchhaltung' },
    expect: owners(200, true),
  },
  {
    method: 'DELETE',
    route: '/api/webhooks/:id',
    url: '/api/webhooks/{expendableWebhookA}',
    expect: owners(204, true),
  },
  {
    method: 'POST',
    route: '/api/webhooks/:id/rotate-secret',
    url: '/api/webhooks/{webhookA}/rotate-secret',
    expect: owners(200, true),
  },
  { method: 'POST', route: '/api/webhooks/:id/test', url: '/api/webhooks/{webhookA}/test', expect: owners(202, true) },
  {
    method: 'GET',
    route: '/api/webhooks/:id/deliveries',
    url: '/api/webhooks/{webhookA}/deliveries',
    expect: owners(200, true),
  },
  {
    method: 'POST',
    route: '/api/webhook-deliveries/:id/retry',
    url: '/api/webhook-deliveries/{webhookDeliveryA}/retry',
    expect: owners(409, true),
    note: 'a queued delivery is not sent again by hand; a failed one is (webhooks.test.ts)',
  },
];
