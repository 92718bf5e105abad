import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  CheckIcon,
  DownloadIcon,
  LoaderCircleIcon,
  MailIcon,
  MessageSquareIcon,
  PencilIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { downloadFile } from '../api/agreement-files';
import { useChangeSponsorshipStatus } from '../api/change-sponsorship';
import { useRemindSponsor } from '../api/remind-sponsor';
import { eventSponsorshipsQueryOptions } from '../api/list-event-sponsorships';
import { isOpen, sponsorLabel, type Sponsorship } from '../api/sponsorship';
import { AmountForm } from './amount-form';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';
import { StatusBadge } from './status-badge';
import { ExportSponsorsButton } from './export-sponsors-button';
import { isWaiting, RemindAllButton } from './remind-all-button';
import { FILTER_FROM, filterSponsorships, SponsorshipFilterBar, type SponsorshipFilter } from './sponsorship-filter';

const ME = { kind: 'user' } as const;

/** The sponsorship's package and amount with its changes (the packages feature's part, given by the route). */
export type SponsorshipPackageSlot = ComponentType<{
  sponsorshipId: number;
  eventId: number;
  open: boolean;
  sponsorName: string | null;
}>;

/** The sponsorship's invoices (the invoices feature's part, given by the route; issue 20). */
export type SponsorshipInvoiceSlot = ComponentType<{ sponsorshipId: number; confirmed: boolean }>;
/** Actions on all of the event's sponsors at once, beside the export (the invoices feature's drafts). */
export type SponsorsActionsSlot = ComponentType<{ eventId: number; sponsorships: Sponsorship[] }>;

/** The sponsorship's generated agreement with the countersignature (the agreements feature's part). */
export type SponsorshipAgreementSlot = ComponentType<{ sponsorshipId: number }>;

/**
 * Shows its children (the uploaded copy, confirming by hand) only when the event uses the
 * organiser's own PDF: with the generated agreement the countersignature confirms.
 */
export type UploadOnlySlot = ComponentType<{ sponsorshipId: number; children: ReactNode }>;

/** Sponsors shown at first, and added by each "show more". */
export const SPONSORS_PER_PAGE = 20;

const Always: UploadOnlySlot = ({ children }) => <>{children}</>;

function SignedAgreementButton({ file }: { file: NonNullable<Sponsorship['signedAgreement']> }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => downloadFile(file.key, file.name, ME),
    onError: (error) => toast.error(t('sponsorships.errors.download', { message: getErrorMessage(error, t) })),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-auto max-w-full justify-start py-1.5 text-left whitespace-normal"
      disabled={download.isPending}
      aria-label={t('sponsorships.download.action', { name: file.name })}
      onClick={() => download.mutate()}
    >
      {download.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      <span className="min-w-0 break-all">{file.name}</span>
    </Button>
  );
}

/** Confirm (once signed), decline (while open, asked once more) and change the amount. */
function OrganiserActions({
  sponsorship,
  onEditAmount,
  UploadOnly,
}: {
  sponsorship: Sponsorship;
  onEditAmount: (() => void) | null;
  UploadOnly: UploadOnlySlot;
}) {
  const { t } = useTranslation();
  const change = useChangeSponsorshipStatus(ME);
  const remind = useRemindSponsor();
  const [declining, setDeclining] = useState(false);
  if (!isOpen(sponsorship.status)) return null;
  // Until the sponsor has signed, the invitation can be sent again (a new link, at most hourly).
  const waiting = isWaiting(sponsorship);

  const decide = (status: 'confirmed' | 'declined') =>
    change.mutate(
      { id: sponsorship.id, status },
      {
        onSuccess: () => {
          setDeclining(false);
          toast.success(t(`sponsorships.done.${status}`));
        },
        onError: (error) => toast.error(t('sponsorships.errors.change', { message: getErrorMessage(error, t) })),
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      {sponsorship.status === 'signed' ? (
        <UploadOnly sponsorshipId={sponsorship.id}>
          <Button size="sm" disabled={change.isPending} onClick={() => decide('confirmed')}>
            {change.isPending && change.variables?.status === 'confirmed' ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <CheckIcon aria-hidden="true" />
            )}
            {t('sponsorships.actions.confirm')}
          </Button>
        </UploadOnly>
      ) : null}
      {waiting ? (
        <Button
          size="sm"
          variant="outline"
          disabled={remind.isPending}
          onClick={() =>
            remind.mutate(sponsorship.id, {
              onSuccess: () => toast.success(t('sponsorships.remind.done', { email: sponsorship.sponsorEmail })),
              onError: (error) => toast.error(t('sponsorships.remind.failed', { message: getErrorMessage(error, t) })),
            })
          }
        >
          {remind.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <MailIcon aria-hidden="true" />
          )}
          {t('sponsorships.remind.action')}
        </Button>
      ) : null}
      {onEditAmount ? (
        <Button size="sm" variant="outline" disabled={change.isPending} onClick={onEditAmount}>
          <PencilIcon aria-hidden="true" />
          {t('sponsorships.actions.editAmount')}
        </Button>
      ) : null}
      <ConfirmDecisionDialog
        open={declining}
        onOpenChange={setDeclining}
        pending={change.isPending}
        title={t('sponsorships.confirmDecline.title')}
        text={t('sponsorships.confirmDecline.text', { email: sponsorship.sponsorEmail })}
        confirm={t('sponsorships.confirmDecline.confirm')}
        onConfirm={() => decide('declined')}
        trigger={
          <Button size="sm" variant="ghost" className="text-destructive" disabled={change.isPending}>
            <XIcon aria-hidden="true" />
            {t('sponsorships.actions.decline')}
          </Button>
        }
      />
    </div>
  );
}

export function SponsorshipItem({
  sponsorship,
  PackageSlot,
  InvoiceSlot,
  AgreementSlot,
  UploadOnly,
}: {
  sponsorship: Sponsorship;
  PackageSlot: SponsorshipPackageSlot | undefined;
  InvoiceSlot: SponsorshipInvoiceSlot | undefined;
  AgreementSlot: SponsorshipAgreementSlot | undefined;
  UploadOnly: UploadOnlySlot;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [editing, setEditing] = useState(false);
  return (
    <li className="flex flex-col gap-3 py-4" data-testid="event-sponsorship">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-all">{sponsorLabel(sponsorship)}</p>
          {sponsorship.sponsorName !== null ? (
            <p className="text-sm break-all text-muted-foreground">{sponsorship.sponsorEmail}</p>
          ) : null}
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <StatusBadge sponsorship={sponsorship} />
            <span className="font-medium text-foreground tabular-nums">
              {sponsorship.amountCents !== null
                ? formatCurrency(sponsorship.amountCents / 100, language)
                : t('sponsorships.amount.none')}
            </span>
            {sponsorship.agreementDownloadedAt ? (
              <span>
                {t('sponsorships.list.downloadedOn', { date: formatDate(sponsorship.agreementDownloadedAt, language) })}
              </span>
            ) : null}
          </p>
        </div>
        <UploadOnly sponsorshipId={sponsorship.id}>
          {sponsorship.signedAgreement ? (
            <div className="flex flex-col items-start gap-1 sm:items-end">
              <SignedAgreementButton file={sponsorship.signedAgreement} />
              <span className="text-xs text-muted-foreground">
                {t('sponsorships.list.signedOn', {
                  date: formatDateTime(sponsorship.signedAgreement.uploadedAt, language),
                })}
              </span>
            </div>
          ) : (
            <span className="text-sm text-muted-foreground">{t('sponsorships.list.noSigned')}</span>
          )}
        </UploadOnly>
      </div>
      {PackageSlot ? (
        <PackageSlot
          sponsorshipId={sponsorship.id}
          eventId={sponsorship.eventId}
          open={isOpen(sponsorship.status)}
          sponsorName={sponsorship.sponsorName}
        />
      ) : null}
      {AgreementSlot ? <AgreementSlot sponsorshipId={sponsorship.id} /> : null}
      {editing && isOpen(sponsorship.status) ? (
        <AmountForm
          sponsorshipId={sponsorship.id}
          amountCents={sponsorship.amountCents}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <OrganiserActions
            sponsorship={sponsorship}
            onEditAmount={PackageSlot ? null : () => setEditing(true)}
            UploadOnly={UploadOnly}
          />
          <Button asChild size="sm" variant="link" className="px-0">
            <Link to="/chats/">
              <MessageSquareIcon aria-hidden="true" />
              {t('sponsorships.actions.chat')}
            </Link>
          </Button>
        </div>
      )}
      {InvoiceSlot ? (
        <InvoiceSlot sponsorshipId={sponsorship.id} confirmed={sponsorship.status === 'confirmed'} />
      ) : null}
    </li>
  );
}

/**
 * The organiser's view of an event's sponsors: status, amount and the signed agreement each returned,
 * with the decisions (confirm, decline, amount) and a way to the conversation. From FILTER_FROM
 * sponsors on, chips by status and a search by address narrow the list (the filter is the route's,
 * in the URL).
 */
export function EventSponsorshipsCard({
  eventId,
  filter,
  onFilter,
  PackageSlot,
  InvoiceSlot,
  ActionsSlot,
  AgreementSlot,
  UploadOnly = Always,
}: {
  eventId: number;
  filter: SponsorshipFilter;
  onFilter: (next: SponsorshipFilter) => void;
  PackageSlot?: SponsorshipPackageSlot;
  InvoiceSlot?: SponsorshipInvoiceSlot;
  ActionsSlot?: SponsorsActionsSlot;
  AgreementSlot?: SponsorshipAgreementSlot;
  UploadOnly?: UploadOnlySlot;
}) {
  const { t } = useTranslation();
  const sponsorships = useQuery(eventSponsorshipsQueryOptions(eventId));
  const [search, setSearch] = useState(filter.search ?? '');
  // The field filters as one types and reaches the URL when left; when the URL's search changes
  // without it (a link to this page with another filter, the browser's history), the field follows.
  const [urlSearch, setUrlSearch] = useState(filter.search);
  if (filter.search !== urlSearch) {
    setUrlSearch(filter.search);
    setSearch(filter.search ?? '');
  }
  const all = sponsorships.data ?? [];
  const filtering = all.length >= FILTER_FROM || filter.status !== undefined || Boolean(filter.search);
  const shown = filtering ? filterSponsorships(all, { status: filter.status, search }) : all;
  // Each sponsor's package, agreement and invoices are read when it is shown: a page of them at a
  // time (again from the first page when the filter changes), not a hundred at once.
  const filterKey = `${filter.status ?? ''}|${search}`;
  const [paging, setPaging] = useState({ key: filterKey, limit: SPONSORS_PER_PAGE });
  const limit = paging.key === filterKey ? paging.limit : SPONSORS_PER_PAGE;
  const rest = shown.length - limit;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersIcon className="size-5 text-primary" aria-hidden="true" />
          {t('sponsorships.list.title')}
        </CardTitle>
        <CardDescription>{t('sponsorships.list.lead')}</CardDescription>
        {all.length > 0 ? (
          <div className="flex flex-wrap gap-2 pt-2">
            <ExportSponsorsButton eventId={eventId} />
            {ActionsSlot ? <ActionsSlot eventId={eventId} sponsorships={all} /> : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {sponsorships.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('sponsorships.loading')}
          </p>
        ) : sponsorships.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('sponsorships.errors.load', { message: getErrorMessage(sponsorships.error, t) })}
          </p>
        ) : all.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sponsorships.list.empty')}</p>
        ) : (
          <div className="flex flex-col gap-3">
            {filtering ? (
              <>
                <SponsorshipFilterBar
                  sponsorships={all}
                  filter={filter}
                  search={search}
                  onSearch={setSearch}
                  onFilter={onFilter}
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-muted-foreground" role="status" data-testid="sponsorships-shown">
                    {t('sponsorships.filter.shown', { shown: String(shown.length), total: String(all.length) })}
                  </p>
                  <RemindAllButton sponsorships={shown} />
                </div>
              </>
            ) : null}
            {shown.length === 0 ? (
              <div className="flex flex-col items-start gap-2 rounded-md border border-dashed p-4 text-sm">
                <p className="text-muted-foreground">{t('sponsorships.filter.none')}</p>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setSearch('');
                    onFilter({});
                  }}
                >
                  {t('sponsorships.filter.showAll')}
                </Button>
              </div>
            ) : (
              <ul className="divide-y divide-border" aria-label={t('sponsorships.list.title')}>
                {shown.slice(0, limit).map((sponsorship) => (
                  <SponsorshipItem
                    key={sponsorship.id}
                    sponsorship={sponsorship}
                    PackageSlot={PackageSlot}
                    InvoiceSlot={InvoiceSlot}
                    AgreementSlot={AgreementSlot}
                    UploadOnly={UploadOnly}
                  />
                ))}
              </ul>
            )}
            {rest > 0 ? (
              <Button
                variant="outline"
                className="self-start"
                onClick={() => setPaging({ key: filterKey, limit: limit + SPONSORS_PER_PAGE })}
              >
                {t('sponsorships.filter.more', {
                  next: String(Math.min(rest, SPONSORS_PER_PAGE)),
                  rest: String(rest),
                })}
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
