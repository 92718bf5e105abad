// The mails' texts in the recipient's language (de default, en). Each template renders to a subject,
// a plain-text body and a small HTML body with every value escaped. Later features add their templates here.
import type { Language } from '@sp/shared';
import type { MailMessage } from './mail-port.ts';

export type MailTemplate =
  | { kind: 'sign-up-code'; code: string }
  | { kind: 'reset-code'; code: string }
  | { kind: 'verify-email-code'; code: string };

type Rendered = Omit<MailMessage, 'to'>;

const PRODUCT = 'Sponsoring Platform';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Paragraphs of text with one highlighted value (a code), as text and as HTML. */
function compose(subject: string, before: string[], highlight: string, after: string[]): Rendered {
  const text = [...before, '', `    ${highlight}`, '', ...after].join('\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    '<!doctype html>',
    `<html><body>`,
    paragraphs(before),
    `<p><strong>${escapeHtml(highlight)}</strong></p>`,
    paragraphs(after),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

const TEXTS = {
  de: {
    'sign-up-code': (code: string) =>
      compose(
        `Ihr Bestätigungscode für ${PRODUCT}`,
        ['Hallo,', `vielen Dank für Ihre Registrierung bei ${PRODUCT}. Ihr Bestätigungscode lautet:`],
        code,
        [
          'Der Code ist 24 Stunden gültig.',
          'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
        ],
      ),
    'reset-code': (code: string) =>
      compose(
        `Ihr Code zum Zurücksetzen des Passworts für ${PRODUCT}`,
        ['Hallo,', 'Sie haben angefordert, Ihr Passwort zurückzusetzen. Ihr Code lautet:'],
        code,
        [
          'Der Code ist eine Stunde gültig.',
          'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
        ],
      ),
    'verify-email-code': (code: string) =>
      compose(
        `Bestätigen Sie Ihre neue E-Mail-Adresse für ${PRODUCT}`,
        ['Hallo,', 'bitte bestätigen Sie Ihre neue E-Mail-Adresse mit diesem Code:'],
        code,
        [
          'Der Code ist 24 Stunden gültig.',
          'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
        ],
      ),
  },
  en: {
    'sign-up-code': (code: string) =>
      compose(
        `Your ${PRODUCT} confirmation code`,
        ['Hello,', `thank you for registering with ${PRODUCT}. Your confirmation code is:`],
        code,
        ['The code is valid for 24 hours.', 'If you did not register, you can ignore this e-mail.'],
      ),
    'reset-code': (code: string) =>
      compose(
        `Your ${PRODUCT} password reset code`,
        ['Hello,', 'you asked to reset your password. Your code is:'],
        code,
        [
          'The code is valid for one hour.',
          'If you did not ask for this, you can ignore this e-mail; your password stays unchanged.',
        ],
      ),
    'verify-email-code': (code: string) =>
      compose(
        `Confirm your new ${PRODUCT} e-mail address`,
        ['Hello,', 'please confirm your new e-mail address with this code:'],
        code,
        ['The code is valid for 24 hours.', 'If you did not ask for this, you can ignore this e-mail.'],
      ),
  },
} satisfies Record<Language, Record<MailTemplate['kind'], (code: string) => Rendered>>;

export function renderMail(to: string, template: MailTemplate, language: Language): MailMessage {
  return { to, ...TEXTS[language][template.kind](template.code) };
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
        `Einladung in das Team von ${t.organisationName} auf ${PRODUCT}`,
        [
          'Hallo,',
          `Sie wurden eingeladen, dem Team von ${t.organisationName} auf ${PRODUCT} beizutreten. Öffnen Sie diesen Link, um sich zu registrieren:`,
        ],
        t.url,
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
          `${t.organisationName} lädt Sie ein, die Veranstaltung „${t.eventTitle}“ auf ${PRODUCT} zu sponsern. Über diesen Link sehen Sie die Einzelheiten:`,
        ],
        t.url,
        [
          `Der Link ist bis zum ${dateIn('de', t.expiresAt)} gültig.${t.reminder ? ' Ein früher gesendeter Link gilt nicht mehr.' : ''}`,
          'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
        ],
      ),
  },
  en: {
    'team-invitation': (t: Extract<InvitationMailTemplate, { kind: 'team-invitation' }>) =>
      compose(
        `Invitation to join ${t.organisationName} on ${PRODUCT}`,
        [
          'Hello,',
          `you have been invited to join the team of ${t.organisationName} on ${PRODUCT}. Open this link to register:`,
        ],
        t.url,
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
          `${t.organisationName} invites you to sponsor the event "${t.eventTitle}" on ${PRODUCT}. This link shows the details:`,
        ],
        t.url,
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
    to,
    ...(template.kind === 'team-invitation'
      ? texts['team-invitation'](template)
      : texts['sponsor-invitation'](template)),
  };
}

/** The chat's e-mail notice for a participant who is not online: who wrote, and the link back. */
export type ChatNoticeMailTemplate = { kind: 'chat-notice'; otherName: string; url: string };

const CHAT_NOTICE_TEXTS = {
  de: (t: ChatNoticeMailTemplate) =>
    compose(
      `Neue Nachricht von ${t.otherName} auf ${PRODUCT}`,
      ['Hallo,', `Sie haben eine neue Nachricht von ${t.otherName} auf ${PRODUCT}. Hier geht es zur Unterhaltung:`],
      t.url,
      ['Wir schicken Ihnen höchstens eine solche E-Mail pro Stunde und Unterhaltung.'],
    ),
  en: (t: ChatNoticeMailTemplate) =>
    compose(
      `New message from ${t.otherName} on ${PRODUCT}`,
      ['Hello,', `you have a new message from ${t.otherName} on ${PRODUCT}. Open the conversation here:`],
      t.url,
      ['We send at most one such e-mail per conversation and hour.'],
    ),
} satisfies Record<Language, (t: ChatNoticeMailTemplate) => Rendered>;

export function renderChatNoticeMail(to: string, template: ChatNoticeMailTemplate, language: Language): MailMessage {
  return { to, ...CHAT_NOTICE_TEXTS[language](template) };
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
      `${t.items.length} überfällige Leistung${t.items.length === 1 ? '' : 'en'} auf ${PRODUCT}`,
      [
        'Hallo,',
        'diese Leistungen aus Sponsorings sind überfällig:',
        ...t.items.map((i) => `– ${i.title} (${i.sponsor}, ${i.event}), fällig am ${germanDate(i.dueDate)}`),
      ],
      t.url ?? 'Bitte öffnen Sie Ihren Einladungslink.',
      ['Diese Zusammenfassung kommt höchstens einmal am Tag; Sie können sie in den Einstellungen abschalten.'],
    ),
  en: (t: FulfilmentDigestMailTemplate) =>
    compose(
      `${t.items.length} overdue deliverable${t.items.length === 1 ? '' : 's'} on ${PRODUCT}`,
      [
        'Hello,',
        'these sponsorship deliverables are overdue:',
        ...t.items.map((i) => `- ${i.title} (${i.sponsor}, ${i.event}), due ${i.dueDate}`),
      ],
      t.url ?? 'Please open your invitation link.',
      ['This digest comes at most once a day; you can switch it off in the settings.'],
    ),
} satisfies Record<Language, (t: FulfilmentDigestMailTemplate) => Rendered>;

export function renderFulfilmentDigestMail(
  to: string,
  template: FulfilmentDigestMailTemplate,
  language: Language,
): MailMessage {
  return { to, ...DIGEST_TEXTS[language](template) };
}
