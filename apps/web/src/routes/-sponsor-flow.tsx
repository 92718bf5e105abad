// The sponsor's guided flow put together from the features it spans (decision 072): each feature's
// query gives one fact of `deriveSponsorFlow` and its component fills one step. Shared by the guest
// invitation page and the signed-in dashboard; not a route (the leading dash keeps it out of the tree).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AgreementCard, type LegalDetailsSlot } from '@/features/agreements/components/agreement-card';
import { agreementStateQueryOptions } from '@/features/agreements/api/agreement-state';
import { SponsorCalendarFeed } from '@/features/calendar-feeds/components/calendar-feed-card';
import { sponsorshipDeliverablesQueryOptions } from '@/features/fulfilment/api/sponsorship-deliverables';
import { SponsorDeliverables } from '@/features/fulfilment/components/sponsor-deliverables';
import { sponsorshipInvoicesQueryOptions } from '@/features/invoices/api/invoices';
import { SponsorInvoices } from '@/features/invoices/components/sponsor-invoices';
import { sponsorshipPackagesQueryOptions } from '@/features/packages/api/sponsorship-packages';
import { PackageChoice } from '@/features/packages/components/package-choice';
import { sponsorLegalDetailsQueryOptions } from '@/features/sponsor-profile/api/legal-details';
import { SponsorLegalDetailsForm } from '@/features/sponsor-profile/components/legal-details-form';
import type { SponsorViewer } from '@/features/sponsorships/api/sponsorship';
import { GoToFlowStep } from '@/features/sponsorships/components/sponsor-flow/flow-navigation';
import {
  SponsorFlow,
  type SponsorAgreementSlot,
  type SponsorFlowParts,
} from '@/features/sponsorships/components/sponsor-flow/sponsor-flow';
import { SponsorShipments } from '@/features/shipments/components/sponsor-shipments';
import { SponsorReportCard } from '@/features/sponsor-report/components/sponsor-report-card';
import { SponsorTickets } from '@/features/tickets/components/sponsor-tickets';
import { useTranslation } from '@/lib/i18n';

/** The agreement asks for the legal details in their own step, never with a second form. */
const ToDetails: LegalDetailsSlot = () => {
  const { t } = useTranslation();
  return <GoToFlowStep step="details">{t('sponsorFlow.toDetails')}</GoToFlowStep>;
};

const Agreement: SponsorAgreementSlot = (props) => <AgreementCard {...props} LegalDetails={ToDetails} />;

const UNPAID = new Set(['issued', 'overdue']);

export function SponsorFlowOf({
  sponsorshipId,
  viewer,
  withStatus,
}: {
  sponsorshipId: number;
  viewer: SponsorViewer;
  withStatus?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const packages = useQuery(sponsorshipPackagesQueryOptions(sponsorshipId, viewer));
  const legal = useQuery(sponsorLegalDetailsQueryOptions(viewer));
  const agreementOptions = agreementStateQueryOptions(sponsorshipId, viewer);
  const agreement = useQuery(agreementOptions);
  const deliverables = useQuery(sponsorshipDeliverablesQueryOptions(sponsorshipId, viewer));
  const invoices = useQuery(sponsorshipInvoicesQueryOptions(sponsorshipId, viewer));

  // A failed read counts as "nothing there" so the other steps still work; each step shows its own error.
  const loading = [packages, legal, agreement, deliverables, invoices].some((query) => query.isPending);
  const offer = packages.data;
  const shown = (invoices.data ?? []).filter((invoice) => invoice.status !== 'cancelled' && invoice.status !== 'draft');
  const facts: SponsorFlowParts['facts'] = loading
    ? null
    : {
        packages: {
          offered: offer?.offered.length ?? 0,
          chosen: Boolean(offer?.chosen),
          choiceOpen: offer?.choice_open ?? false,
        },
        detailsSaved: Boolean(legal.data?.legal_details),
        agreement: agreement.data
          ? { mode: agreement.data.mode, state: agreement.data.state, missing: agreement.data.missing }
          : null,
        deliverables: {
          total: deliverables.data?.deliverables.length ?? 0,
          open: (deliverables.data?.deliverables ?? []).filter((d) => d.status === 'open' || d.status === 'in_progress')
            .length,
        },
        invoices: { total: shown.length, unpaid: shown.filter((invoice) => UNPAID.has(invoice.status)).length },
      };

  return (
    <SponsorFlow
      sponsorshipId={sponsorshipId}
      viewer={viewer}
      withStatus={withStatus}
      parts={{
        facts,
        Agreement,
        summaries: { package: offer?.chosen?.name ?? null, details: legal.data?.legal_details?.legal_name ?? null },
        content: {
          package: <PackageChoice sponsorshipId={sponsorshipId} viewer={viewer} open />,
          details: (
            <div id="sponsor-legal-details" className="grid gap-3">
              <p className="text-sm text-muted-foreground">{t('sponsorLegal.lead')}</p>
              <SponsorLegalDetailsForm
                viewer={viewer}
                onSaved={() => void queryClient.invalidateQueries({ queryKey: agreementOptions.queryKey })}
              />
            </div>
          ),
          deliver: (
            <div className="grid gap-4">
              <SponsorTickets sponsorshipId={sponsorshipId} viewer={viewer} />
              <SponsorDeliverables sponsorshipId={sponsorshipId} viewer={viewer} />
              <SponsorShipments sponsorshipId={sponsorshipId} viewer={viewer} />
              <SponsorCalendarFeed sponsorshipId={sponsorshipId} viewer={viewer} />
              <SponsorReportCard sponsorshipId={sponsorshipId} viewer={viewer} />
            </div>
          ),
          pay: <SponsorInvoices sponsorshipId={sponsorshipId} viewer={viewer} />,
        },
      }}
    />
  );
}
