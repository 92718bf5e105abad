// The mails' texts in the recipient's language (de default, en). Each template renders to a subject,
// a plain-text body and a small HTML body with every value escaped; a link is a real <a href> in the
// HTML and the plain URL on its own line in the text. The product's name is the shared setting.
// Later features add their templates here.
import { PRODUCT_NAME, type Language } from '@sp/shared';
import type { MailAttachment, MailMessage } from './mail-port.ts';

export type MailTemplate =
  | { kind: 'sign-up-code'; code: string }
  | { kind: 'reset-code'; code: string }
  | { kind: 'verify-email-code'; code: string };

type Rendered = MailMessage;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What a mail highlights between its paragraphs: a code to type, a link to open, or a note. */
type Highlight = { code: string } | { url: string } | { note: string };

const highlightHtml = (h: Highlight) =>
  'url' in h
    ? `<p><a href="${escapeHtml(h.url)}">${escapeHtml(h.url)}</a></p>`
    : 'code' in h
      ? `<p><strong>${escapeHtml(h.code)}</strong></p>`
      : `<p>${escapeHtml(h.note)}</p>`;

const highlightText = (h: Highlight) => ('url' in h ? h.url : 'code' in h ? `    ${h.code}` : h.note);

const paragraphsHtml = (lines: string[]) =>
  lines.map((line) => `<p>${line.split('\n').map(escapeHtml).join('<br>')}</p>`).join('\n');

/**
 * Every mail of the product: paragraphs before and after one highlighted value (a code or a link),
 * as text and as HTML; either list may be empty, and `highlight` may be left out.
 */
export function composeMail(m: {
  to: string;
  subject: string;
  before: string[];
  highlight?: Highlight;
  after?: string[];
  attachments?: MailAttachment[];
}): MailMessage {
  const after = m.after ?? [];
  const middle = m.highlight ? [highlightText(m.highlight)] : [];
  const text = [...m.before, ...middle, ...after].join('\n\n');
  const html = [
    '<!doctype html>',
    '<html><body>',
    paragraphsHtml(m.before),
    ...(m.highlight ? [highlightHtml(m.highlight)] : []),
    ...(after.length > 0 ? [paragraphsHtml(after)] : []),
    '</body></html>',
  ].join('\n');
  return { to: m.to, subject: m.subject, text, html, ...(m.attachments ? { attachments: m.attachments } : {}) };
}

/** A template's mail before it has its recipient (the render functions below set `to`). */
const compose = (subject: string, before: string[], highlight: Highlight, after: string[]): Rendered =>
  composeMail({ to: '', subject, before, highlight, after });

const TEXTS = {
  de: {
    'sign-up-code': (code: string) =>
      compose(
        `Ihr Bestätigungscode für die ${PRODUCT_NAME.de}`,
        ['Hallo,', `vielen Dank für Ihre Registrierung bei der ${PRODUCT_NAME.de}. Ihr Bestätigungscode lautet:`],
        { code },
        [
          'Der Code ist 24 Stunden gültig.',
          'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
        ],
      ),
    'reset-code': (code: string) =>
      compose(
        `Ihr Code zum Zurücksetzen des Passworts für die ${PRODUCT_NAME.de}`,
        ['Hallo,', 'Sie haben angefordert, Ihr Passwort zurückzusetzen. Ihr Code lautet:'],
        { code },
        [
          'Der Code ist eine Stunde gültig.',
          'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
        ],
      ),
    'verify-email-code': (code: string) =>
      compose(
        `Bestätigen Sie Ihre neue E-Mail-Adresse für die ${PRODUCT_NAME.de}`,
        ['Hallo,', 'bitte bestätigen Sie Ihre neue E-Mail-Adresse mit diesem Code:'],
        { code },
        [
          'Der Code ist 24 Stunden gültig.',
          'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
        ],
      ),
  },
  en: {
    'sign-up-code': (code: string) =>
      compose(
        `Your ${PRODUCT_NAME.en} confirmation code`,
        ['Hello,', `thank you for registering with ${PRODUCT_NAME.en}. Your confirmation code is:`],
        { code },
        ['The code is valid for 24 hours.', 'If you did not register, you can ignore this e-mail.'],
      ),
    'reset-code': (code: string) =>
      compose(
        `Your ${PRODUCT_NAME.en} password reset code`,
        ['Hello,', 'you asked to reset your password. Your code is:'],
        { code },
        [
          'The code is valid for one hour.',
          'If you did not ask for this, you can ignore this e-mail; your password stays unchanged.',
        ],
      ),
    'verify-email-code': (code: string) =>
      compose(
        `Confirm your new ${PRODUCT_NAME.en} e-mail address`,
        ['Hello,', 'please confirm your new e-mail address with this code:'],
        { code },
        ['The code is valid for 24 hours.', 'If you did not ask for this, you can ignore this e-mail.'],
      ),
  },
} satisfies Record<Language, Record<MailTemplate['kind'], (code: string) => Rendered>>;

export function renderMail(to: string, template: MailTemplate, language: Language): MailMessage {
  return { ...TEXTS[language][template.kind](template.code), to };
}

/** Invitation mails: the link to open is the highlighted value. */
export type InvitationMailTemplate =
  | { kind: 'team-invitation'; organisationName: string; url: string; expiresAt: Date }
  | {
      kind: 'sponsor-invitation';
      organisationName: string;
      eventTitle: string;
      url: string;
      expiresAt: Date;
      /** Sent again by the organisation (a new link; the earlier one stops working). */
      reminder?: boolean;
    };

const dateIn = (language: Language, date: Date) =>
  date.toLocaleDateString(language === 'de' ? 'de-DE' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });

const INVITATION_TEXTS = {
  de: {
    'team-invitation': (t: Extract<InvitationMailTemplate, { kind: 'team-invitation' }>) =>
      compose(
        `Einladung in das Team von ${t.organisationName} auf der ${PRODUCT_NAME.de}`,
        [
          'Hallo,',
          `Sie wurden eingeladen, dem Team von ${t.organisationName} auf der ${PRODUCT_NAME.de} beizutreten. Öffnen Sie diesen Link, um sich zu registrieren:`,
        ],
        { url: t.url },
        [
          `Der Link ist bis zum ${dateIn('de', t.expiresAt)} gültig und kann nur einmal verwendet werden.`,
          'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
        ],
      ),
    'sponsor-invitation': (t: Extract<InvitationMailTemplate, { kind: 'sponsor-invitation' }>) =>
      compose(
        `${t.reminder ? 'Erinnerung: ' : ''}Sponsoring-Anfrage von ${t.organisationName}: ${t.eventTitle}`,
        [
          'Hallo,',
          `${t.organisationName} lädt Sie ein, die Veranstaltung „${t.eventTitle}“ auf der ${PRODUCT_NAME.de} zu sponsern. Über diesen Link sehen Sie die Einzelheiten:`,
        ],
        { url: t.url },
        [
          `Der Link ist bis zum ${dateIn('de', t.expiresAt)} gültig.${t.reminder ? ' Ein früher gesendeter Link gilt nicht mehr.' : ''}`,
          'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
        ],
      ),
  },
  en: {
    'team-invitation': (t: Extract<InvitationMailTemplate, { kind: 'team-invitation' }>) =>
      compose(
        `Invitation to join ${t.organisationName} on ${PRODUCT_NAME.en}`,
        [
          'Hello,',
          `you have been invited to join the team of ${t.organisationName} on ${PRODUCT_NAME.en}. Open this link to register:`,
        ],
        { url: t.url },
        [
          `The link is valid until ${dateIn('en', t.expiresAt)} and can be used once.`,
          'If you did not expect this invitation, you can ignore this e-mail.',
        ],
      ),
    'sponsor-invitation': (t: Extract<InvitationMailTemplate, { kind: 'sponsor-invitation' }>) =>
      compose(
        `${t.reminder ? 'Reminder: ' : ''}Sponsorship request from ${t.organisationName}: ${t.eventTitle}`,
        [
          'Hello,',
          `${t.organisationName} invites you to sponsor the event "${t.eventTitle}" on ${PRODUCT_NAME.en}. This link shows the details:`,
        ],
        { url: t.url },
        [
          `The link is valid until ${dateIn('en', t.expiresAt)}.${t.reminder ? ' A link sent earlier no longer works.' : ''}`,
          'If you did not expect this invitation, you can ignore this e-mail.',
        ],
      ),
  },
};

export function renderInvitationMail(to: string, template: InvitationMailTemplate, language: Language): MailMessage {
  const texts = INVITATION_TEXTS[language];
  return {
    ...(template.kind === 'team-invitation'
      ? texts['team-invitation'](template)
      : texts['sponsor-invitation'](template)),
    to,
  };
}

/** The chat's e-mail notice for a participant who is not online: who wrote, and the link back. */
export type ChatNoticeMailTemplate = { kind: 'chat-notice'; otherName: string; url: string };

const CHAT_NOTICE_TEXTS = {
  de: (t: ChatNoticeMailTemplate) =>
    compose(
      `Neue Nachricht von ${t.otherName} auf der ${PRODUCT_NAME.de}`,
      [
        'Hallo,',
        `Sie haben eine neue Nachricht von ${t.otherName} auf der ${PRODUCT_NAME.de}. Hier geht es zur Unterhaltung:`,
      ],
      { url: t.url },
      ['Wir schicken Ihnen höchstens eine solche E-Mail pro Stunde und Unterhaltung.'],
    ),
  en: (t: ChatNoticeMailTemplate) =>
    compose(
      `New message from ${t.otherName} on ${PRODUCT_NAME.en}`,
      ['Hello,', `you have a new message from ${t.otherName} on ${PRODUCT_NAME.en}. Open the conversation here:`],
      { url: t.url },
      ['We send at most one such e-mail per conversation and hour.'],
    ),
} satisfies Record<Language, (t: ChatNoticeMailTemplate) => Rendered>;

export function renderChatNoticeMail(to: string, template: ChatNoticeMailTemplate, language: Language): MailMessage {
  return { ...CHAT_NOTICE_TEXTS[language](template), to };
}

/** The daily digest of overdue deliverables (fulfilment): one line each, and the link to the list. */
export type FulfilmentDigestMailTemplate = {
  kind: 'fulfilment-digest';
  items: Array<{ title: string; sponsor: string; event: string; dueDate: string }>;
  url: string | null;
};

const germanDate = (day: string) => day.split('-').reverse().join('.');

const DIGEST_TEXTS = {
  de: (t: FulfilmentDigestMailTemplate) =>
    compose(
      `${t.items.length} überfällige Leistung${t.items.length === 1 ? '' : 'en'} auf der ${PRODUCT_NAME.de}`,
      [
        'Hallo,',
        'diese Leistungen aus Sponsorings sind überfällig:',
        t.items.map((i) => `– ${i.title} (${i.sponsor}, ${i.event}), fällig am ${germanDate(i.dueDate)}`).join('\n'),
      ],
      t.url ? { url: t.url } : { note: 'Bitte öffnen Sie Ihren Einladungslink.' },
      ['Diese Zusammenfassung kommt höchstens einmal am Tag; Sie können sie in den Einstellungen abschalten.'],
    ),
  en: (t: FulfilmentDigestMailTemplate) =>
    compose(
      `${t.items.length} overdue deliverable${t.items.length === 1 ? '' : 's'} on ${PRODUCT_NAME.en}`,
      [
        'Hello,',
        'these sponsorship deliverables are overdue:',
        t.items.map((i) => `- ${i.title} (${i.sponsor}, ${i.event}), due ${i.dueDate}`).join('\n'),
      ],
      t.url ? { url: t.url } : { note: 'Please open your invitation link.' },
      ['This digest comes at most once a day; you can switch it off in the settings.'],
    ),
} satisfies Record<Language, (t: FulfilmentDigestMailTemplate) => Rendered>;

export function renderFulfilmentDigestMail(
  to: string,
  template: FulfilmentDigestMailTemplate,
  language: Language,
): MailMessage {
  return { ...DIGEST_TEXTS[language](template), to };
}
