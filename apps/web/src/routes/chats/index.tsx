import { createFileRoute, useLocation } from '@tanstack/react-router';
import { z } from 'zod';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { searchString } from '@/lib/search-params';

/** Signed-in users, or guests with the token and e-mail of their sponsor invitation (spec section 6). */
export const Route = createFileRoute('/chats/')({
  validateSearch: z.object({
    token: searchString,
    email: searchString,
    conversation: z.coerce.number().int().positive().optional().catch(undefined),
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
