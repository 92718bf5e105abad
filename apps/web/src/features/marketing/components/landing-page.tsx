import { Link } from '@tanstack/react-router';
import {
  CalendarPlusIcon,
  ClipboardCheckIcon,
  FileSignatureIcon,
  HandshakeIcon,
  LayoutGridIcon,
  MailPlusIcon,
  MessagesSquareIcon,
  PackageIcon,
  ReceiptIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isSignedIn, useAuth } from '@/lib/auth';
import { useTranslation } from '@/lib/i18n';
import type { ScreenName } from '../lib/screens';
import { ScreenFigure } from './screen-figure';

/** What the product does, in the order a sponsorship goes through it. */
const CHAIN: {
  key: 'packages' | 'invitations' | 'signing' | 'fulfilment' | 'invoices' | 'wall' | 'chat';
  icon: LucideIcon;
}[] = [
  { key: 'packages', icon: PackageIcon },
  { key: 'invitations', icon: MailPlusIcon },
  { key: 'signing', icon: FileSignatureIcon },
  { key: 'fulfilment', icon: ClipboardCheckIcon },
  { key: 'invoices', icon: ReceiptIcon },
  { key: 'wall', icon: LayoutGridIcon },
  { key: 'chat', icon: MessagesSquareIcon },
];

const ORGANISER_POINTS: { key: 'events' | 'team' | 'sponsors' | 'invoices'; icon: LucideIcon }[] = [
  { key: 'events', icon: CalendarPlusIcon },
  { key: 'team', icon: UsersIcon },
  { key: 'sponsors', icon: MailPlusIcon },
  { key: 'invoices', icon: ReceiptIcon },
];

const SPONSOR_POINTS: { key: 'invitation' | 'agreement' | 'deliver' | 'dashboard'; icon: LucideIcon }[] = [
  { key: 'invitation', icon: MailPlusIcon },
  { key: 'agreement', icon: FileSignatureIcon },
  { key: 'deliver', icon: ClipboardCheckIcon },
  { key: 'dashboard', icon: HandshakeIcon },
];

const STEPS = ['register', 'role', 'start'] as const;

/** The organiser's screens shown under the hero, in the order of the work. */
const ORGANISER_SCREENS: { name: ScreenName; key: 'packages' | 'fulfilment' | 'invoices' | 'wall' }[] = [
  { name: 'packages', key: 'packages' },
  { name: 'fulfilment', key: 'fulfilment' },
  { name: 'invoices', key: 'invoices' },
  { name: 'wall', key: 'wall' },
];

function CallToAction() {
  const { t } = useTranslation();
  const { status } = useAuth();
  if (isSignedIn(status)) {
    return (
      <Button asChild size="lg">
        <Link to="/profile/">{t('nav.profile')}</Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild size="lg">
        <Link to="/register/">{t('landing.hero.register')}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/login/">{t('landing.hero.login')}</Link>
      </Button>
    </>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(undefined);

  return (
    <div>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('landing.hero.eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground">{t('landing.hero.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <CallToAction />
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('landing.hero.inviteNote')}</p>
          <ScreenFigure name="sponsors" caption={t('landing.screens.sponsors')} className="mt-12" eager />
        </div>
      </section>

      <section aria-labelledby="chain" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="chain" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('landing.chain.title')}
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">{t('landing.chain.lead')}</p>
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="landing-chain">
          {CHAIN.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
              <span className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground" aria-hidden="true">
                  {index + 1}
                </span>
              </span>
              <h3 className="font-semibold">{t(`landing.chain.items.${key}.title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`landing.chain.items.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="screens" className="border-t border-border bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="screens" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('landing.screens.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">{t('landing.screens.lead')}</p>
          <div className="mt-8 grid gap-8 md:grid-cols-2">
            {ORGANISER_SCREENS.map(({ name, key }) => (
              <ScreenFigure key={name} name={name} caption={t(`landing.screens.${key}`)} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="audiences" className="border-t border-border">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="audiences" className="sr-only">
            {t('landing.audiences')}
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{t('landing.organisers.title')}</CardTitle>
                <p className="text-sm text-muted-foreground">{t('landing.organisers.lead')}</p>
              </CardHeader>
              <CardContent>
                <ul className="space-y-4">
                  {ORGANISER_POINTS.map(({ key, icon: Icon }) => (
                    <li key={key} className="flex gap-3">
                      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                      <span>{t(`landing.organisers.points.${key}`)}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('landing.sponsors.title')}</CardTitle>
                <p className="text-sm text-muted-foreground">{t('landing.sponsors.lead')}</p>
              </CardHeader>
              <CardContent>
                <ul className="space-y-4">
                  {SPONSOR_POINTS.map(({ key, icon: Icon }) => (
                    <li key={key} className="flex gap-3">
                      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                      <span>{t(`landing.sponsors.points.${key}`)}</span>
                    </li>
                  ))}
                </ul>
                <ScreenFigure name="sponsor-phone" caption={t('landing.screens.phone')} className="mt-8 text-center" />
              </CardContent>
            </Card>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="border-y border-border bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="how-it-works" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('landing.steps.title')}
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step} className="rounded-xl border border-border bg-background p-6">
                <span
                  className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{t(`landing.steps.${step}.title`)}</h3>
                <p className="mt-2 text-muted-foreground">{t(`landing.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('landing.cta.title')}</h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t('landing.cta.text')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <CallToAction />
        </div>
        <p className="mt-6 text-sm">
          <Link to="/about" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('landing.cta.about')}
          </Link>
        </p>
      </section>
    </div>
  );
}
