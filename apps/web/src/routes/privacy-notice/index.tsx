import { createFileRoute } from '@tanstack/react-router';
import { PrivacyNoticePage } from '@/features/legal/components/privacy-notice-page';

export const Route = createFileRoute('/privacy-notice/')({
  component: PrivacyNoticePage,
});
