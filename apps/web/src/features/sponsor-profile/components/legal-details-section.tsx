import { ReceiptTextIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import type { ProfileViewer } from '../api/sponsor-profile';
import { SponsorLegalDetailsForm } from './legal-details-form';

/** The card with the sponsor's legal and billing details, beside the public profile. */
export function SponsorLegalDetailsSection({ viewer }: { viewer: ProfileViewer }) {
  const { t } = useTranslation();
  return (
    <section id="sponsor-legal-details" aria-labelledby="sponsor-legal-title" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id="sponsor-legal-title" className="flex items-center gap-2">
            <ReceiptTextIcon className="size-5 text-primary" aria-hidden="true" />
            {t('sponsorLegal.title')}
          </CardTitle>
          <CardDescription>{t('sponsorLegal.lead')}</CardDescription>
        </CardHeader>
        <CardContent>
          <SponsorLegalDetailsForm viewer={viewer} />
        </CardContent>
      </Card>
    </section>
  );
}
