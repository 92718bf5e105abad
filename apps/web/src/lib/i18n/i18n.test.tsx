import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@sp/shared';
import { changeLanguage, i18n, initI18n, useTranslation, type TranslationKey } from './index';
import { Trans } from './trans';

function UnreadMessages({ count }: { count: number }) {
  const { t } = useTranslation();
  return <p>{t('nav.messagesUnread', { count })}</p>;
}

describe('useTranslation', () => {
  it('renders the texts again in the language switched to, and remembers the choice', async () => {
    render(<UnreadMessages count={1} />);
    expect(screen.getByText('Nachrichten, 1 ungelesene Nachricht')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');

    await act(() => changeLanguage('en'));
    expect(screen.getByText('Messages, 1 unread message')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');

    await act(() => changeLanguage('de'));
    expect(screen.getByText('Nachrichten, 1 ungelesene Nachricht')).toBeInTheDocument();
  });

  it('starts in the stored language', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    await initI18n('de');
    render(<UnreadMessages count={3} />);
    expect(screen.getByText('Messages, 3 unread messages')).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it('renders again when texts arrive later', () => {
    const key = 'testOnly.late' as TranslationKey;
    function Late() {
      const { t } = useTranslation();
      return <p>{t(key)}</p>;
    }
    render(<Late />);
    expect(screen.getByText('testOnly.late')).toBeInTheDocument();
    act(() => i18n.addTexts('de', { testOnly: { late: 'Angekommen' } }));
    expect(screen.getByText('Angekommen')).toBeInTheDocument();
  });

  it('shows the German text where English has none', async () => {
    const key = 'testOnly.germanOnly' as TranslationKey;
    i18n.addTexts('de', { testOnly: { germanOnly: 'Nur auf Deutsch' } });
    await changeLanguage('en');
    const { t } = i18n;
    expect(t(key)).toBe('Nur auf Deutsch');
    expect(t('nav.messages')).toBe('Messages');
  });
});

describe('Trans', () => {
  it('puts the tagged parts into the given components and the values in as text', () => {
    const { container } = render(
      <Trans
        i18nKey="invitations.sponsor.leadEvent"
        values={{ organisation: 'Verein <b>&</b> Co', event: 'Sommerfest' }}
        components={{ strong: <strong className="text-foreground" /> }}
      />,
    );
    expect(container.innerHTML).toBe(
      '<strong class="text-foreground">Verein &lt;b&gt;&amp;&lt;/b&gt; Co</strong> lädt Sie ein, ' +
        '<strong class="text-foreground">Sommerfest</strong> zu unterstützen.',
    );
  });

  it('renders links with their text, and follows the language', async () => {
    const { container } = render(
      <Trans
        i18nKey="auth.register.terms"
        components={{ terms: <a href="/agb" />, privacy: <a href="/privacy-notice/" /> }}
      />,
    );
    expect(container.innerHTML).toBe(
      'Mit dem Fortfahren akzeptieren Sie die <a href="/agb">AGB</a> und die ' +
        '<a href="/privacy-notice/">Datenschutzhinweise</a>.',
    );
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/agb');
    expect(container).toHaveTextContent('By continuing you accept the terms and conditions and the privacy notice.');
  });

  it('leaves tags without a component or without an end as written, and supports empty tags', () => {
    i18n.addTexts('de', { testOnly: { markup: 'a <em>b</em> <br/>c <strong>d {{x}}' } });
    const { container } = render(
      <Trans
        i18nKey={'testOnly.markup' as TranslationKey}
        values={{ x: 'X' }}
        components={{ br: <br />, strong: <strong /> }}
      />,
    );
    expect(container.innerHTML).toBe('a &lt;em&gt;b&lt;/em&gt; <br>c &lt;strong&gt;d X');
  });
});
