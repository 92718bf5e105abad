import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/on-boarding/')({
  component: OnBoardingRoute,
});

function OnBoardingRoute() {
  return <ComingSoon page="onBoarding" />;
}
