import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/register/')({
  component: RegisterRoute,
});

function RegisterRoute() {
  return <ComingSoon page="register" />;
}
