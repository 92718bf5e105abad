import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MailPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { AgreementCard, UploadStepsUnlessGenerated } from '@/features/agreements/components/agreement-card';
import { AgreementLanguage } from '@/features/agreements/components/agreement-language';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { SponsorshipDeliverablesSummary } from '@/features/fulfilment/components/sponsorship-deliverables-summary';
import { InviteSponsorCard } from '@/features/invitations/components/invite-sponsor-card';
import { EventDraftsButton } from '@/features/invoices/components/event-drafts-button';
import { SponsorshipInvoices } from '@/features/invoices/components/sponsorship-invoices';
import { OfferPackagesField } from '@/features/packages/components/offer-packages-field';
import { SponsorshipPackage } from '@/features/packages/components/sponsorship-package';
import { eventSponsorshipsQueryOptions } from '@/features/sponsorships/api/list-event-sponsorships';
import type { UploadOnlySlot } from '@/features/sponsorships/components/event-sponsorships-card';
import { SponsorshipDetailPanel } from '@/features/sponsorships/components/sponsorship-detail-panel';
import { SponsorsTable } from '@/features/sponsorships/components/sponsors-table';
import { SponsorReportCard } from '@/features/sponsor-report/components/sponsor-report-card';
import { useTranslation } from '@/lib/i18n';
import { sponsorsSearch } from '@/lib/event-workspace-search';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/sponsors')({
  validateSearch: sponsorsSearch,
  loader: async ({ context: { queryClient }, params: { eventId } }) => {
    await loadEventForEdit(queryClient, eventId);
    await queryClient.ensureQueryData(eventSponsorshipsQueryOptions(eventId));
  },
  component: SponsorsRoute,
});

const ME = { kind: 'user' } as const;
const OrganiserAgreement = ({ sponsorshipId }: { sponsorshipId: number }) => (
  <div className="flex flex-col gap-3">
    <AgreementCard sponsorshipId={sponsorshipId} viewer={ME} />
    <AgreementLanguage sponsorshipId={sponsorshipId} />
  </div>
);
/** The deliverables, and the report that proves them. */
const OrganiserDeliverables = ({ eventId, sponsorshipId }: { eventId: number; sponsorshipId: number }) => (
  <div className="flex flex-col gap-3">
    <SponsorshipDeliverablesSummary eventId={eventId} sponsorshipId={sponsorshipId} />
    <SponsorReportCard sponsorshipId={sponsorshipId} viewer={ME} organiser />
  </div>
);
const UploadOnly: UploadOnlySlot = ({ sponsorshipId, children }) => (
  <UploadStepsUnlessGenerated sponsorshipId={sponsorshipId} viewer={ME} fallback={children} />
);

function SponsorsRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: sponsorships } = useSuspenseQuery(eventSponsorshipsQueryOptions(eventId));
  // The invitation form is open from the start while the event has no sponsors yet.
  const [inviting, setInviting] = useState(() => sponsorships.length === 0);
  return (
    <WorkspaceArea
      title={t('events.workspace.nav.sponsors')}
      lead={t('sponsorships.list.lead')}
      actions={
        <Button
          variant={inviting ? 'secondary' : 'default'}
          aria-expanded={inviting}
          onClick={() => setInviting(!inviting)}
        >
          <MailPlusIcon aria-hidden="true" />
          {t('events.workspace.sponsors.invite')}
        </Button>
      }
    >
      {inviting ? <InviteSponsorCard eventId={eventId} OfferField={OfferPackagesField} /> : null}
      <SponsorsTable
        eventId={eventId}
        filter={{ status: search.sponsorship_status, search: search.sponsorship_search }}
        sort={{ key: search.sort ?? 'email', direction: search.dir ?? 'asc' }}
        onChange={({ filter, sort }) =>
          void navigate({
            search: (prev) => ({
              ...prev,
              sponsorship_status: filter.status,
              sponsorship_search: filter.search,
              sort: sort.key === 'email' && sort.direction === 'asc' ? undefined : sort.key,
              dir: sort.key === 'email' && sort.direction === 'asc' ? undefined : sort.direction,
            }),
            replace: true,
            resetScroll: false,
          })
        }
        onOpen={(id) => void navigate({ search: (prev) => ({ ...prev, sponsorship: id }), resetScroll: false })}
        ActionsSlot={EventDraftsButton}
        empty={
          <p className="text-sm text-muted-foreground" data-testid="sponsors-empty">
            {t('sponsorships.list.empty')}
          </p>
        }
      />
      <SponsorshipDetailPanel
        eventId={eventId}
        sponsorshipId={search.sponsorship}
        onClose={() =>
          void navigate({ search: (prev) => ({ ...prev, sponsorship: undefined }), replace: true, resetScroll: false })
        }
        PackageSlot={SponsorshipPackage}
        InvoiceSlot={SponsorshipInvoices}
        AgreementSlot={OrganiserAgreement}
        DeliverablesSlot={OrganiserDeliverables}
        UploadOnly={UploadOnly}
      />
    </WorkspaceArea>
  );
}
