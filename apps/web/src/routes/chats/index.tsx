import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/chats/')({
  component: ChatsRoute,
});

function ChatsRoute() {
  return <ComingSoon page="chats" />;
}
