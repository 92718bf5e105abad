// The event page of issue 18's benchmark: one event with 10 packages of 3 benefits each and 100
// sponsorships, made through the API as the organiser and the sponsors would (offers with the
// invitation, 60 sponsors choosing a package through their link).
import { expectStatus } from './server.mjs';
import { pool } from './seed.mjs';

const BENEFITS = [
  { title: 'Logo auf dem Bühnenbanner', kind: 'logo', due_date: '2027-05-01', sponsor_delivers: true },
  { title: 'Stand im Foyer', kind: 'booth', due_date: null, sponsor_delivers: false },
  { title: 'Vier Freikarten', kind: 'tickets', due_date: '2027-05-15', sponsor_delivers: true },
];

export async function seedPackagedEvent(server, organiser, { packages = 10, sponsorships = 100, log } = {}) {
  const token = organiser.accessToken;
  const stamp = Date.now();
  const { body: event } = await expectStatus(201, server.baseUrl, 'POST', '/api/event/-1', {
    token,
    body: {
      title: 'Benchmark-Event mit Paketen',
      event_date: '2027-06-20',
      location: 'Messe Benchstadt',
      description: 'Zehn Pakete, hundert Sponsoren.',
      files: [],
    },
  });
  const packageIds = await pool(packages, 2, async (i) => {
    const { body } = await expectStatus(201, server.baseUrl, 'POST', `/api/event/${event.id}/packages`, {
      token,
      body: {
        name: `Paket ${i + 1}`,
        description: `Sichtbarkeit der Stufe ${i + 1}`,
        price_cents: 100_000 * (packages - i),
        capacity: i % 2 === 0 ? null : 20,
        benefits: BENEFITS,
      },
    });
    return body.id;
  });
  await pool(sponsorships, 4, async (i) => {
    const email = `package-sponsor-${stamp}-${i}@bench.example.org`;
    const offered = [packageIds[i % packages], packageIds[(i + 1) % packages]];
    const { body } = await expectStatus(201, server.baseUrl, 'POST', '/api/sponsor-invitation', {
      token,
      body: { email, event_id: event.id, package_ids: offered },
    });
    if (i % 10 >= 6) return;
    const linkToken = new URL(body.url).searchParams.get('token');
    await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${body.sponsorId}/package`, {
      headers: { authorization: `${linkToken}:${email}` },
      body: { package_id: offered[0] },
    });
  });
  log?.(`seeded an event with ${packages} packages and ${sponsorships} sponsorships`);
  return event.id;
}
