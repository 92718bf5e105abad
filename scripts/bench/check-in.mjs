// The check-in figure of `npm run bench` (issue 59 point 5): two doors checking in the sponsor tickets
// of one event at once. An organiser's event with one confirmed sponsorship whose tickets benefit has
// TICKETS seats, every seat named through the sponsor's link (each person gets the ticket mail; the
// codes are read from the local mailbox); then two doors, each with its own half of the codes, post
// them one after the other at the same time, and finally both doors scan the same tickets at once
// (one admits, the other answers "already checked in"). The figure is the p99 of every check-in's
// time as the door sees it (HTTP, sign-in check, HMAC, the conditional update), budget < 50 ms.
import { createUser, pool } from './seed.mjs';
import { MAILBOX_TOKEN, expectStatus, request } from './server.mjs';

const TICKETS = 200;
const BOTH_DOORS = 20;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** An organiser, an event and one confirmed sponsorship with `seats` tickets: the sponsor's link. */
async function confirmedSponsorship(server, seats) {
  const stamp = Date.now();
  const organiser = await createUser(server, `door-${stamp}@bench.example.org`);
  const token = organiser.accessToken;
  await expectStatus(201, server.baseUrl, 'POST', '/api/user-profile', {
    token,
    body: {
      role: 'veranstalter',
      organisation_name: 'Einlass e.V.',
      street: 'Hauptstraße',
      house_number: '1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      phone_number: '+49 30 1234567',
    },
  });
  const { body: event } = await expectStatus(201, server.baseUrl, 'POST', '/api/event/-1', {
    token,
    body: {
      title: 'Einlass-Benchmark',
      event_date: '2030-07-04',
      location: 'Halle',
      description: 'Zwei Türen',
      files: [],
    },
  });
  const { body: pack } = await expectStatus(201, server.baseUrl, 'POST', `/api/event/${event.id}/packages`, {
    token,
    body: {
      name: 'Tickets',
      price_cents: 100_000,
      capacity: null,
      benefits: [{ title: 'Tickets', kind: 'tickets', due_date: null, sponsor_delivers: true, quantity: seats }],
    },
  });
  const email = `door-sponsor-${stamp}@bench.example.org`;
  const { body: invitation } = await expectStatus(201, server.baseUrl, 'POST', '/api/sponsor-invitation', {
    token,
    body: { email, event_id: event.id, package_ids: [pack.id] },
  });
  const id = invitation.sponsorId;
  const guest = { authorization: `${new URL(invitation.url).searchParams.get('token')}:${email}` };
  await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${id}/package`, {
    headers: guest,
    body: { package_id: pack.id },
  });
  const { body: upload } = await expectStatus(
    200,
    server.baseUrl,
    'POST',
    `/api/sponsorships/${id}/signed-agreement/upload-url`,
    {
      headers: guest,
      body: { file_name: 'unterschrieben.pdf' },
    },
  );
  const target = new URL(upload.url, server.baseUrl);
  await expectStatus(204, server.baseUrl, 'PUT', target.pathname + target.search, {
    headers: { 'content-type': 'application/pdf' },
    body: PDF.toString('latin1'),
  });
  await expectStatus(200, server.baseUrl, 'PUT', `/api/sponsorships/${id}/signed-agreement`, {
    headers: guest,
    body: { s3_id: upload.s3_id, key: upload.key },
  });
  await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${id}/status`, {
    token,
    body: { status: 'confirmed' },
  });
  return { token, eventId: event.id, sponsorshipId: id, guest };
}

/** Names `count` people in batches and reads each one's code from the mailbox (it lists the newest 100). */
async function namedCodes(server, world, count) {
  const { body: seats } = await expectStatus(
    200,
    server.baseUrl,
    'GET',
    `/api/sponsorships/${world.sponsorshipId}/tickets`,
    {
      headers: world.guest,
    },
  );
  const deliverable = seats.benefits[0].deliverable_id;
  const codes = [];
  for (let start = 0; start < count; start += 50) {
    const emails = Array.from(
      { length: Math.min(50, count - start) },
      (_, i) => `guest-${start + i}@bench.example.org`,
    );
    await pool(emails.length, 4, (i) =>
      expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${world.sponsorshipId}/tickets`, {
        headers: world.guest,
        body: { deliverable_id: deliverable, name: `Gast ${start + i}`, email: emails[i] },
      }),
    );
    const { body } = await expectStatus(200, server.baseUrl, 'GET', `/dev/mailbox.json?token=${MAILBOX_TOKEN}`);
    for (const email of emails) {
      const mail = body.mails.find((m) => m.to === email);
      const code = mail && /\n {4}(\S+)\n/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no ticket mail with a code to ${email}`);
      codes.push(code);
    }
  }
  return codes;
}

/** One door: posts its codes one after the other, each time measured. */
async function door(server, world, codes, times, results) {
  for (const code of codes) {
    const started = performance.now();
    const r = await request(server.baseUrl, 'POST', `/api/event/${world.eventId}/check-in`, {
      token: world.token,
      body: { code },
    });
    times.push(performance.now() - started);
    results.push(r.status === 200 ? r.body.result : `status ${r.status}`);
  }
}

/** { p50, p99, max, count, admitted, again, errors } of two doors checking in TICKETS tickets. */
export async function checkInAtTwoDoors(server, { log }) {
  const world = await confirmedSponsorship(server, TICKETS);
  const codes = await namedCodes(server, world, TICKETS);
  log(`check-in: ${TICKETS} tickets named and mailed; two doors at once`);
  // Unmeasured: a few forged codes, so the route and its statements are warm.
  for (let i = 0; i < 10; i++)
    await request(server.baseUrl, 'POST', `/api/event/${world.eventId}/check-in`, {
      token: world.token,
      body: { code: `${world.eventId}-1-0000-0000-0000-000${i}` },
    });
  const times = [];
  const results = [];
  const half = (TICKETS - BOTH_DOORS) / 2;
  const rest = codes.slice(0, TICKETS - BOTH_DOORS);
  await Promise.all([
    door(server, world, rest.slice(0, half), times, results),
    door(server, world, rest.slice(half), times, results),
  ]);
  // The same tickets at both doors at once: one admits each, the other says when.
  const same = codes.slice(TICKETS - BOTH_DOORS);
  await Promise.all([door(server, world, same, times, results), door(server, world, same, times, results)]);
  const sorted = [...times].sort((a, b) => a - b);
  const count = (what) => results.filter((r) => r === what).length;
  return {
    count: times.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    admitted: count('admitted'),
    again: count('already_checked_in'),
    errors: results.filter((r) => r.startsWith('status')).length,
  };
}
