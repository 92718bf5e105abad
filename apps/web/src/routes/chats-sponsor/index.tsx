import { createFileRoute, useLocation } from '@tanstack/react-router';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { searchPositiveInt, searchSchema, searchString } from '@/lib/search-params';

/** The same chat screen as /chats/ (spec section 2); sponsors' e-mail links point here. */
export const Route = createFileRoute('/chats-sponsor/')({
  validateSearch: searchSchema({
    token: searchString,
    email: searchString,
    conversation: searchPositiveInt,
  }),
  component: ChatsSponsorRoute,
});

function ChatsSponsorRoute() {
  const { token, email, conversation } = Route.useSearch();
  const navigate = Route.useNavigate();
  const href = useLocation({ select: (location) => location.href });
  return (
    <ChatScreen
      token={token}
      email={email}
      conversationId={conversation}
      redirectPath={href}
      onSelectConversation={(id) => void navigate({ search: (prev) => ({ ...prev, conversation: id }) })}
    />
  );
}
