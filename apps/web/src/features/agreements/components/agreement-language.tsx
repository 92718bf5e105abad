import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DocumentLanguageSelect } from '@/components/document-language-select';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { agreementStateQueryOptions } from '../api/agreement-state';
import { useSetAgreementLanguage } from '../api/set-agreement-language';

const ME = { kind: 'user' } as const;

/** The organiser's language for a generated agreement; fixed once the sponsor signed (decision 074). */
export function AgreementLanguage({ sponsorshipId }: { sponsorshipId: number }) {
  const { t } = useTranslation();
  const state = useQuery(agreementStateQueryOptions(sponsorshipId, ME));
  const choose = useSetAgreementLanguage(sponsorshipId);
  const agreement = state.data;
  if (!agreement || agreement.mode !== 'generated') return null;
  const frozen = agreement.state !== 'draft' || agreement.sign_block === 'closed';
  return (
    <DocumentLanguageSelect
      value={agreement.language_choice}
      follow
      disabled={frozen || choose.isPending}
      hint={
        frozen
          ? t('documentLanguage.agreementFrozen', { language: t(`language.${agreement.language}`) })
          : t('documentLanguage.agreementNow', { language: t(`language.${agreement.language}`) })
      }
      onChange={(language) =>
        choose.mutate(language, {
          onError: (error) => toast.error(getErrorMessage(error, t)),
        })
      }
    />
  );
}
