import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/forget-password/')({
  component: ForgetPasswordRoute,
});

function ForgetPasswordRoute() {
  return <ComingSoon page="forgetPassword" />;
}
