import { useQuery } from '@tanstack/react-query';
import { ROLES, type OperatorLogEntryWire, type Role } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { operatorLogQueryOptions } from '../api/operator-log';

/** What changed and who did it, newest first (issue 63, point 5): shown to the organisation's owner. */
export function OperatorLog({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const log = useQuery(operatorLogQueryOptions(organisationId));

  if (log.isPending) return <p className="text-sm text-muted-foreground">{t('common.loading')}</p>;
  if (log.isError) {
    return (
      <div role="alert" className="text-sm">
        <p className="text-destructive">{getErrorMessage(log.error, t)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void log.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (log.data.entries.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('team.operatorLog.empty')}</p>;
  }
  const who = (entry: OperatorLogEntryWire) =>
    entry.actor_kind === 'operator' ? t('team.operatorLog.operator', { account: entry.actor }) : entry.actor;
  return (
    <ol className="grid gap-3 text-sm" data-testid="operator-log">
      {log.data.entries.map((entry) => (
        <li key={entry.id} className="grid gap-0.5 border-b pb-3 last:border-b-0 last:pb-0">
          <span className="font-medium break-words">{describe(entry, t)}</span>
          <span className="text-muted-foreground break-words">
            <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> · {who(entry)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function describe(entry: OperatorLogEntryWire, t: ReturnType<typeof useTranslation>['t']): string {
  const { details } = entry;
  switch (entry.action) {
    case 'billing.settings-changed':
      return t('team.operatorLog.billing');
    case 'team.member-joined':
      return t('team.operatorLog.joined', { email: details.email ?? '' });
    case 'team.member-removed':
      return t('team.operatorLog.removed', { email: details.email ?? '' });
    case 'profile.role-changed':
      return t('team.operatorLog.role', {
        email: details.email ?? '',
        from: roleName(details.from, t),
        to: roleName(details.to, t),
      });
    case 'keys.secrets-key-rotated':
      return t('team.operatorLog.keys');
    case 'admin.command':
      return t(details.outcome === 'done' ? 'team.operatorLog.command' : 'team.operatorLog.commandFailed', {
        command: details.command ?? '',
      });
  }
}

/** A role's name in the UI language; a dash for none (or one this version does not know). */
function roleName(role: string | undefined, t: ReturnType<typeof useTranslation>['t']): string {
  return (ROLES as readonly string[]).includes(role ?? '') ? t(`roles.${role as Role}`) : '–';
}
