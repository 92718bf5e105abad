import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AgreementCard, UploadStepsUnlessGenerated } from '@/features/agreements/components/agreement-card';
import { AgreementSettingsCard } from '@/features/agreements/components/agreement-settings-card';
import { eventsListQueryOptions } from '@/features/events/api/list-events';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { EditEventPage } from '@/features/events/components/edit-event-page';
import { EventLoadError, EventNotFound } from '@/features/events/components/event-status-views';
import { FulfilmentCard } from '@/features/fulfilment/components/fulfilment-card';
import { InviteSponsorCard } from '@/features/invitations/components/invite-sponsor-card';
import { EventDraftsButton } from '@/features/invoices/components/event-drafts-button';
import { SponsorshipInvoices } from '@/features/invoices/components/sponsorship-invoices';
import { OfferPackagesField } from '@/features/packages/components/offer-packages-field';
import { PackagesCard } from '@/features/packages/components/packages-card';
import { SponsorWallCard } from '@/features/sponsor-wall/components/sponsor-wall-card';
import { SponsorshipPackage } from '@/features/packages/components/sponsorship-package';
import { EventSponsorshipsCard, type UploadOnlySlot } from '@/features/sponsorships/components/event-sponsorships-card';
import { eventPageSearch } from '@/lib/event-page-search';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId')({
  params: {
    parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }),
    stringify: ({ eventId }) => ({ eventId: String(eventId) }),
  },
  validateSearch: eventPageSearch,
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: EditEventRoute,
  notFoundComponent: EventNotFound,
  errorComponent: EventLoadError,
});

const ME = { kind: 'user' } as const;
const OrganiserAgreement = ({ sponsorshipId }: { sponsorshipId: number }) => (
  <AgreementCard sponsorshipId={sponsorshipId} viewer={ME} />
);
const UploadOnly: UploadOnlySlot = ({ sponsorshipId, children }) => (
  <UploadStepsUnlessGenerated sponsorshipId={sponsorshipId} viewer={ME} fallback={children} />
);

function EditEventRoute() {
  const { eventId } = Route.useParams();
  const { sponsorship_status, sponsorship_search, ...filters } = Route.useSearch();
  const sponsorshipFilter = { sponsorship_status, sponsorship_search };
  const navigate = Route.useNavigate();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  const events = useInfiniteQuery(eventsListQueryOptions(event.organisationId));
  const otherEvents = (events.data?.pages.flatMap((page) => page.events) ?? [])
    .filter((other) => other.id !== eventId)
    .map((other) => ({ id: other.id, title: other.title }));
  return (
    <>
      <EditEventPage eventId={eventId} />
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 pb-10 sm:px-6">
        <PackagesCard eventId={eventId} otherEvents={otherEvents} />
        <AgreementSettingsCard eventId={eventId} />
        <EventSponsorshipsCard
          eventId={eventId}
          filter={{ status: sponsorship_status, search: sponsorship_search }}
          onFilter={(next) =>
            void navigate({
              search: { ...filters, sponsorship_status: next.status, sponsorship_search: next.search },
              replace: true,
              resetScroll: false,
            })
          }
          PackageSlot={SponsorshipPackage}
          InvoiceSlot={SponsorshipInvoices}
          ActionsSlot={EventDraftsButton}
          AgreementSlot={OrganiserAgreement}
          UploadOnly={UploadOnly}
        />
        <FulfilmentCard
          eventId={eventId}
          filters={filters}
          onFilters={(next) =>
            void navigate({ search: { ...next, ...sponsorshipFilter }, replace: true, resetScroll: false })
          }
        />
        <InviteSponsorCard eventId={eventId} OfferField={OfferPackagesField} />
        <SponsorWallCard eventId={eventId} />
      </div>
    </>
  );
}
