import { useQuery } from '@tanstack/react-query';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  CopyIcon,
  LoaderCircleIcon,
  PackageIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { PackageWire, SavePackageRequest } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { eventPackagesQueryOptions, useChangePackages } from '../api/event-packages';
import { packageErrorMessage } from '../utils';
import { PackageDetails } from './package-details';
import { PackageForm } from './package-form';

export type OtherEvent = { id: number; title: string };

const selectClass =
  'h-9 min-w-0 flex-1 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

function CopyFromEvent({ eventId, otherEvents }: { eventId: number; otherEvents: OtherEvent[] }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangePackages(eventId);
  const [from, setFrom] = useState('');
  if (otherEvents.length === 0) return null;
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!from) return;
        change.mutate(
          { kind: 'copy', fromEventId: Number(from) },
          {
            onSuccess: () => toast.success(t('packages.copy.done')),
            onError: (error) => toast.error(packageErrorMessage(error, t)),
          },
        );
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {t('packages.copy.label')}
        </label>
        <select id={id} className={selectClass} value={from} onChange={(event) => setFrom(event.target.value)}>
          <option value="">{t('packages.copy.choose')}</option>
          {otherEvents.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" disabled={!from || change.isPending}>
        {change.isPending ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <CopyIcon aria-hidden="true" />
        )}
        {t('packages.copy.submit')}
      </Button>
    </form>
  );
}

function PackageItem({
  eventId,
  pkg,
  index,
  ids,
  onEdit,
}: {
  eventId: number;
  pkg: PackageWire;
  index: number;
  ids: number[];
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangePackages(eventId);
  const fail = (error: unknown) => toast.error(packageErrorMessage(error, t));
  const move = (by: -1 | 1) => {
    const next = [...ids];
    next.splice(index, 1);
    next.splice(index + by, 0, pkg.id);
    change.mutate({ kind: 'reorder', ids: next }, { onError: fail });
  };
  return (
    <li className="flex flex-col gap-3 py-4" data-testid="package-item">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold break-words">
            {pkg.name}
            {pkg.archived ? (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-normal">{t('packages.archived')}</span>
            ) : null}
          </h3>
          <p className="text-sm text-muted-foreground">
            {pkg.capacity === null
              ? t('packages.soldUnlimited', { sold: String(pkg.sold) })
              : t('packages.soldOf', { sold: String(pkg.sold), capacity: String(pkg.capacity) })}
          </p>
        </div>
        <div className="flex gap-1">
          <Button
            size="icon"
            variant="ghost"
            disabled={index === 0 || change.isPending}
            aria-label={t('packages.moveUp', { name: pkg.name })}
            onClick={() => move(-1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            disabled={index === ids.length - 1 || change.isPending}
            aria-label={t('packages.moveDown', { name: pkg.name })}
            onClick={() => move(1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <PackageDetails priceCents={pkg.price_cents} description={pkg.description} benefits={pkg.benefits} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} disabled={change.isPending}>
          <PencilIcon aria-hidden="true" />
          {t('packages.edit')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'archive', id: pkg.id, archived: !pkg.archived }, { onError: fail })}
        >
          {pkg.archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
          {pkg.archived ? t('packages.unarchive') : t('packages.archive')}
        </Button>
        {pkg.in_use ? (
          <p className="self-center text-xs text-muted-foreground">{t('packages.deleteInUse')}</p>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { kind: 'delete', id: pkg.id },
                { onSuccess: () => toast.success(t('packages.deleted')), onError: fail },
              )
            }
          >
            <Trash2Icon aria-hidden="true" />
            {t('packages.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The organiser's packages of an event: create, edit, reorder, archive, delete (unused) and copy. */
export function PackagesCard({ eventId, otherEvents }: { eventId: number; otherEvents: OtherEvent[] }) {
  const { t } = useTranslation();
  const packages = useQuery(eventPackagesQueryOptions(eventId));
  const change = useChangePackages(eventId);
  const [editing, setEditing] = useState<PackageWire | 'new' | null>(null);

  const save = async (body: SavePackageRequest) => {
    try {
      await change.mutateAsync(
        editing === 'new' || editing === null ? { kind: 'create', body } : { kind: 'update', id: editing.id, body },
      );
    } catch (error) {
      toast.error(packageErrorMessage(error, t));
      return;
    }
    toast.success(t('packages.saved'));
    setEditing(null);
  };

  const ids = packages.data?.map((p) => p.id) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PackageIcon className="size-5 text-primary" aria-hidden="true" />
          {t('packages.title')}
        </CardTitle>
        <CardDescription>{t('packages.lead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {packages.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('packages.loading')}
          </p>
        ) : packages.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('packages.loadFailed')}
          </p>
        ) : packages.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('packages.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('packages.title')}>
            {packages.data.map((pkg, index) =>
              editing !== 'new' && editing?.id === pkg.id ? (
                <li key={pkg.id} className="py-4">
                  <PackageForm initial={pkg} onSubmit={save} onCancel={() => setEditing(null)} />
                </li>
              ) : (
                <PackageItem
                  key={pkg.id}
                  eventId={eventId}
                  pkg={pkg}
                  index={index}
                  ids={ids}
                  onEdit={() => setEditing(pkg)}
                />
              ),
            )}
          </ul>
        )}
        {editing === 'new' ? (
          <PackageForm initial={null} onSubmit={save} onCancel={() => setEditing(null)} />
        ) : (
          <Button className="self-start" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" />
            {t('packages.add')}
          </Button>
        )}
        <CopyFromEvent eventId={eventId} otherEvents={otherEvents} />
      </CardContent>
    </Card>
  );
}
