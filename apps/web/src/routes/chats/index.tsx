import { createFileRoute, useLocation } from '@tanstack/react-router';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { searchPositiveInt, searchSchema, searchString } from '@/lib/search-params';

/** Signed-in users, or guests with the token and e-mail of their sponsor invitation (spec section 6). */
export const Route = createFileRoute('/chats/')({
  validateSearch: searchSchema({
    token: searchString,
    email: searchString,
    conversation: searchPositiveInt,
  }),
  component: ChatsRoute,
});

function ChatsRoute() {
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
