import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CHAT_MOBILE_BREAKPOINT_PX } from '@sp/shared';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isSignedIn, useAuth } from '@/lib/auth';
import { conversationsQueryOptions, type ChatAuth } from '@/lib/chat';
import { useTranslation } from '@/lib/i18n';
import { useLiveStream } from '@/lib/live/use-live-stream';
import { cn } from '@/lib/utils';
import { useMediaQuery } from '@/hooks/use-media-query';
import { ChatNotAuthenticated } from './chat-not-authenticated';
import { ConversationList } from './conversation-list';
import { MessagePane } from './message-pane';

const WIDE_QUERY = `(min-width: ${CHAT_MOBILE_BREAKPOINT_PX}px)`;

function ChatLayout({
  auth,
  guestEmail,
  conversationId,
  onSelectConversation,
}: {
  auth: ChatAuth;
  guestEmail: string | null;
  conversationId: number | undefined;
  onSelectConversation: (conversationId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('chat.title'));
  // The signed-in session's stream runs app-wide (the header); a guest's only here.
  useLiveStream(guestEmail === null ? null : auth);
  const wide = useMediaQuery(WIDE_QUERY);
  const conversations = useQuery(conversationsQueryOptions(auth));
  const name = conversations.data?.find((c) => c.id === conversationId)?.otherName ?? '';
  const showList = wide || conversationId === undefined;
  const showPane = wide || conversationId !== undefined;

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[26rem] w-full max-w-6xl flex-col md:px-6 md:py-6">
      <div className={cn('px-4 pt-3 pb-2 md:px-0 md:pt-0 md:pb-4', !showList && 'sr-only')}>
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('chat.title')}</h1>
        {guestEmail ? (
          <p className="text-sm text-muted-foreground">{t('chat.guestLead', { email: guestEmail })}</p>
        ) : null}
      </div>
      <div
        className="flex min-h-0 flex-1 overflow-hidden border-t border-border bg-background md:rounded-xl md:border md:shadow-sm"
        data-layout={wide ? 'two-panes' : 'one-pane'}
      >
        {showList ? (
          <ConversationList
            auth={auth}
            selectedId={conversationId}
            onSelect={onSelectConversation}
            className={cn('w-full', wide && 'w-80 shrink-0 border-r border-border lg:w-96')}
          />
        ) : null}
        {showPane ? (
          <MessagePane
            auth={auth}
            conversationId={conversationId}
            name={name}
            onBack={wide ? undefined : () => onSelectConversation(undefined)}
            className="flex-1"
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * Spec "Chat screen" at /chats/ and /chats-sponsor/: a guest when the invitation's token and e-mail
 * are in the URL, else the signed-in user, else 'Not authenticated'.
 */
export function ChatScreen({
  token,
  email,
  conversationId,
  onSelectConversation,
  redirectPath,
}: {
  token: string | undefined;
  email: string | undefined;
  conversationId: number | undefined;
  onSelectConversation: (conversationId: number | undefined) => void;
  /** Where login should bring the user back to. */
  redirectPath: string;
}) {
  const { status } = useAuth();
  const guest = token && email ? { token, email } : null;
  const auth = useMemo<ChatAuth | null>(
    () => (token && email ? { guest: { token, email } } : isSignedIn(status) ? 'bearer' : null),
    [token, email, status],
  );
  if (!auth) return <ChatNotAuthenticated redirect={redirectPath} />;
  return (
    <ChatLayout
      key={guest ? `guest:${guest.email}:${guest.token}` : 'me'}
      auth={auth}
      guestEmail={guest?.email ?? null}
      conversationId={conversationId}
      onSelectConversation={onSelectConversation}
    />
  );
}
