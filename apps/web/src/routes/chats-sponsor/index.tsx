import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/chats-sponsor/')({
  component: ChatsSponsorRoute,
});

function ChatsSponsorRoute() {
  return <ComingSoon page="chats" />;
}
