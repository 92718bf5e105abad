import { createFileRoute } from '@tanstack/react-router';
import { VerifyAgreementPage } from '@/features/agreements/components/verify-agreement-page';

/** Public: no sign-in; e-mail verification is /verify/, this checks agreement PDFs. */
export const Route = createFileRoute('/verify-agreement/')({
  component: VerifyAgreementPage,
});
