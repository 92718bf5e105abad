import { useTranslation } from '@/lib/i18n';
import type { DeliverableFilters } from '../api/organisation-deliverables';
import { FulfilmentBoard } from './fulfilment-board';

/** /fulfilment/: the organisation's deliverables across all events. */
export function FulfilmentPage({
  filters,
  onFilters,
}: {
  filters: Omit<DeliverableFilters, 'event_id'>;
  onFilters: (next: Omit<DeliverableFilters, 'event_id'>) => void;
}) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('fulfilment.board.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('fulfilment.board.lead')}</p>
      </div>
      <FulfilmentBoard filters={filters} onFilters={onFilters} />
    </main>
  );
}
