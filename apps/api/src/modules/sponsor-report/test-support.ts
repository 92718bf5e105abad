// Test and bench support (imported by tests and scripts/bench only): generated JPEG photos standing
// in for deliverable evidence until the evidence module lands, and a sample report of any size.
import type { EvidenceImage, ReportInput, ReportLanguage } from './report-input.ts';

/** `count` camera-sized JPEGs, each of its own colour with its number written on it. */
export async function standInPhotos(count: number, width = 1600, height = 1200): Promise<Buffer[]> {
  const { default: sharp } = await import('sharp');
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const hue = (i * 47) % 360;
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<rect width="100%" height="100%" fill="hsl(${hue},55%,45%)"/>` +
        `<rect x="${width * 0.15}" y="${height * 0.2}" width="${width * 0.7}" height="${height * 0.6}" fill="#fff" opacity="0.35"/>` +
        `<text x="50%" y="55%" font-size="${height / 6}" font-family="sans-serif" fill="#fff" text-anchor="middle">Foto ${i + 1}</text>` +
        '</svg>';
      return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    }),
  );
}

const TITLES = [
  'Logo auf der Sponsor-Wall',
  'Stand im Foyer (3 × 2 m) mit Strom und WLAN',
  'Nennung in der Eröffnungsrede',
  'Vier Tickets inklusive Abendveranstaltung',
  'Roll-up auf der Hauptbühne',
  'Logo im Programmheft (Umschlag innen)',
];
const STATUSES = ['done', 'done', 'in_progress', 'open', 'waived', 'done'] as const;

/** A report of `benefits` deliverables with `photos` spread over them (the first ones get more). */
export function sampleReport(options: {
  language?: ReportLanguage;
  benefits?: number;
  photos?: Buffer[];
}): ReportInput {
  const benefits = options.benefits ?? 12;
  const photos = options.photos ?? [];
  const evidence: EvidenceImage[][] = Array.from({ length: benefits }, () => []);
  photos.forEach((bytes, i) => {
    evidence[i % benefits]!.push({ bytes, caption: `Aufbau Halle 2, Bild ${i + 1}`, takenAt: null });
  });
  return {
    language: options.language ?? 'de',
    sponsorshipId: 42,
    organisation: 'Kongress Nord e. V.',
    sponsor: { name: 'Müller & Söhne Maschinenbau GmbH', email: 'marketing@mueller.example' },
    event: { title: 'Nordic Tech Summit 2026', date: '2026-11-19', location: 'Hamburg, Kampnagel' },
    packageName: 'Gold',
    amountCents: 1_250_000,
    deliverables: Array.from({ length: benefits }, (_, i) => ({
      id: i + 1,
      title: TITLES[i % TITLES.length]!,
      status: STATUSES[i % STATUSES.length]!,
      dueDate: `2026-11-${String((i % 18) + 1).padStart(2, '0')}`,
      doneAt: STATUSES[i % STATUSES.length] === 'done' ? '2026-11-19T17:30:00Z' : null,
      evidence: evidence[i]!,
    })),
    wall: {
      from: '2026-10-01',
      to: '2026-11-20',
      impressions: 18_423,
      clicks: 312,
      page: { impressions: 12_000, clicks: 250 },
      embed: { impressions: 6_423, clicks: 62 },
    },
    tickets: { seats: 4, named: 4, checkedIn: 3 },
    agreement: { kind: 'sealed', sha256: 'ab12'.repeat(16), completedAt: '2026-09-02T09:00:00Z' },
    invoices: [
      {
        number: 'RE-2026-0042',
        kind: 'invoice',
        status: 'paid',
        invoiceDate: '2026-09-03',
        grossCents: 1_487_500,
        paidCents: 1_487_500,
      },
    ],
    verifyUrl: 'https://sponsoring.example/verify-agreement/',
  };
}
