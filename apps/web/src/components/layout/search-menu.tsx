import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CalendarIcon, LoaderCircleIcon, MessagesSquareIcon, UserIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from '@sp/shared';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { searchQueryOptions } from '@/lib/search/search';
import { cn } from '@/lib/utils';

/** Waits this long after the last keystroke before asking the server. */
const DEBOUNCE_MS = 250;

type Hit = { key: string; icon: ReactNode; label: string; detail?: string; go: () => void };

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * The header's search (a combobox with a listbox): events, conversations and team members the user
 * may see. Arrow keys move through the hits, Enter opens one.
 */
export function SearchMenu({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim());
  const listId = useId();
  const search = useQuery({ ...searchQueryOptions(q), placeholderData: keepPreviousData });

  const hits = useMemo<Hit[]>(() => {
    if (!search.data || q.length < SEARCH_QUERY_MIN) return [];
    // The panel closes first, then the app navigates to the hit.
    const done = (go: () => Promise<void>) => {
      onDone();
      void go();
    };
    return [
      ...search.data.events.map((event) => ({
        key: `event-${event.id}`,
        icon: <CalendarIcon aria-hidden="true" />,
        label: event.title,
        detail: formatDate(event.event_date, language),
        go: () =>
          done(() =>
            event.own
              ? navigate({ to: '/edit-event/$eventId', params: { eventId: event.id } })
              : navigate({ to: '/dashboard-sponsor' }),
          ),
      })),
      ...search.data.conversations.map((conversation) => ({
        key: `conversation-${conversation.id}`,
        icon: <MessagesSquareIcon aria-hidden="true" />,
        label: conversation.other_name,
        detail: t('search.conversation'),
        go: () => done(() => navigate({ to: '/chats/', search: { conversation: conversation.id } })),
      })),
      ...search.data.team_members.map((member) => ({
        key: `member-${member.email}`,
        icon: <UserIcon aria-hidden="true" />,
        label: member.email,
        detail: t('search.teamMember'),
        go: () => done(() => navigate({ to: '/dashboard/organizer/team' })),
      })),
    ];
  }, [search.data, q, language, navigate, onDone, t]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      hits[Math.min(active, hits.length - 1)]?.go();
    }
  };

  const tooShort = q.length < SEARCH_QUERY_MIN;
  return (
    <div className="grid gap-2">
      <Input
        type="search"
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={hits.length > 0 ? `${listId}-${Math.min(active, hits.length - 1)}` : undefined}
        aria-autocomplete="list"
        placeholder={t('search.placeholder')}
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {tooShort ? (
        <p className="text-xs text-muted-foreground">{t('search.hint', { count: SEARCH_QUERY_MIN })}</p>
      ) : search.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t('search.error', { message: getErrorMessage(search.error, t) })}
        </p>
      ) : search.isFetching && hits.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
          {t('search.loading')}
        </p>
      ) : hits.length === 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('search.none', { query: q })}
        </p>
      ) : null}
      <ul id={listId} role="listbox" aria-label={t('search.results')} className="grid gap-0.5">
        {hits.map((hit, index) => (
          <li
            key={hit.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-accent [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-primary',
              index === active && 'bg-accent',
            )}
            onMouseEnter={() => setActive(index)}
            onClick={() => hit.go()}
          >
            {hit.icon}
            <span className="min-w-0 flex-1 truncate font-medium">{hit.label}</span>
            {hit.detail ? <span className="shrink-0 text-xs text-muted-foreground">{hit.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
