import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { sponsorKeyOfAddress } from '@sp/shared';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useTranslation } from '@/lib/i18n';
import { eventSponsorshipsQueryOptions } from '../api/list-event-sponsorships';
import { sponsorLabel } from '../api/sponsorship';
import {
  SponsorshipItem,
  type SponsorshipAgreementSlot,
  type SponsorshipInvoiceSlot,
  type SponsorshipPackageSlot,
  type UploadOnlySlot,
} from './event-sponsorships-card';

/** The sponsorship's deliverables (the fulfilment feature's part, given by the route). */
export type SponsorshipDeliverablesSlot = ComponentType<{ eventId: number; sponsorshipId: number }>;

const Always: UploadOnlySlot = ({ children }) => <>{children}</>;

/**
 * One sponsorship of the sponsors table, opened from its row (and by the URL): the sponsor list's
 * block for it (status, amount, signed copy, package with its activity, agreement, decisions, chat,
 * invoices) and its deliverables. Each part reads its own data when the panel opens.
 */
export function SponsorshipDetailPanel({
  eventId,
  sponsorshipId,
  onClose,
  PackageSlot,
  InvoiceSlot,
  AgreementSlot,
  DeliverablesSlot,
  UploadOnly = Always,
}: {
  eventId: number;
  sponsorshipId: number | undefined;
  onClose: () => void;
  PackageSlot?: SponsorshipPackageSlot;
  InvoiceSlot?: SponsorshipInvoiceSlot;
  AgreementSlot?: SponsorshipAgreementSlot;
  DeliverablesSlot?: SponsorshipDeliverablesSlot;
  UploadOnly?: UploadOnlySlot;
}) {
  const { t } = useTranslation();
  const { data: all } = useSuspenseQuery(eventSponsorshipsQueryOptions(eventId));
  const sponsorship = all.find((s) => s.id === sponsorshipId);
  return (
    <Sheet open={sponsorship !== undefined} onOpenChange={(open) => !open && onClose()}>
      {sponsorship ? (
        <SheetContent closeLabel={t('events.workspace.sponsors.detail.close')} className="sm:max-w-xl">
          <SheetHeader>
            <SheetTitle className="break-all">{sponsorLabel(sponsorship)}</SheetTitle>
            {sponsorship.sponsorName !== null ? (
              <p className="text-sm break-all text-muted-foreground">{sponsorship.sponsorEmail}</p>
            ) : null}
            <SheetDescription>{t('events.workspace.sponsors.detail.lead')}</SheetDescription>
            <Link
              to="/dashboard/organizer/sponsors/$key"
              params={{ key: sponsorKeyOfAddress(sponsorship.sponsorEmail) }}
              className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('sponsorView.fromEvent')}
            </Link>
          </SheetHeader>
          <SheetBody className="flex flex-col gap-6">
            <ul aria-label={t('events.workspace.sponsors.detail.label')}>
              <SponsorshipItem
                sponsorship={sponsorship}
                PackageSlot={PackageSlot}
                InvoiceSlot={InvoiceSlot}
                AgreementSlot={AgreementSlot}
                UploadOnly={UploadOnly}
              />
            </ul>
            {DeliverablesSlot ? <DeliverablesSlot eventId={eventId} sponsorshipId={sponsorship.id} /> : null}
          </SheetBody>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
