import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { ArrowLeftIcon, ArrowRightIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { MasterData, Role } from '@sp/shared';
import { MasterDataForm, masterDataDefaults } from '@/components/profile/master-data-form';
import { RoleOptions } from '@/components/profile/role-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth';
import { useTranslation } from '@/lib/i18n';
import { profileErrorMessage } from '@/lib/profile/profile-errors';
import { homePathForRole, userProfileQueryOptions } from '@/lib/profile/user-profile';
import { cn } from '@/lib/utils';
import { useCreateUserProfile } from '../api/create-user-profile';
import { SponsorOnboarding, type InvitedSponsorship } from './sponsor-onboarding';

type Step = 'role' | 'masterData';
const STEPS: Step[] = ['role', 'masterData'];

/**
 * Spec "Onboarding": step 1 chooses the role, step 2 enters the master data. Both steps stay
 * mounted, so going back to step 1 and forward again keeps what was typed. A sponsor invited to a
 * sponsorship (`invitedSponsorships`) sees it and is asked only for the organisation's name, unless
 * they choose another role (issue 21, point 7).
 */
export function OnboardingPage({ invitedSponsorships = [] }: { invitedSponsorships?: InvitedSponsorship[] }) {
  const { t } = useTranslation();
  const auth = useAuthStore();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const createProfile = useCreateUserProfile();
  const [step, setStep] = useState<Step>('role');
  const [asInvitedSponsor, setAsInvitedSponsor] = useState(invitedSponsorships.length > 0);
  const [role, setRole] = useState<Role | null>(null);
  const [defaults] = useState(() => masterDataDefaults());
  const roleHeading = useRef<HTMLHeadingElement>(null);
  const masterDataHeading = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const current = STEPS.indexOf(step) + 1;

  useDocumentTitle(t('onboarding.title'));

  useEffect(() => {
    if (!stepChanged.current) return;
    (step === 'role' ? roleHeading : masterDataHeading).current?.focus();
  }, [step]);

  function goTo(next: Step): void {
    stepChanged.current = true;
    setStep(next);
  }

  async function finish(values: MasterData): Promise<void> {
    if (!role) {
      goTo('role');
      return;
    }
    const profile = await createProfile.mutateAsync({ ...values, role });
    toast.success(t('onboarding.success'));
    await navigate({ to: homePathForRole(profile.role) });
    auth.markOnBoarded();
  }

  async function finishAsSponsor(organisationName: string): Promise<void> {
    await createProfile.mutateAsync({ role: 'sponsor', organisation_name: organisationName });
    toast.success(t('onboarding.success'));
    await navigate({ to: '/dashboard-sponsor' });
    auth.markOnBoarded();
  }

  function onUnhandledError(error: unknown): void {
    const sub = auth.getState().user?.sub;
    if (isApiError(error) && error.status === 409 && sub) {
      // Finished in another tab meanwhile: take the stored profile and leave onboarding.
      toast.info(t('onboarding.alreadyCompleted'));
      void queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(sub).queryKey, refetchType: 'all' });
      void router.invalidate();
      return;
    }
    toast.error(profileErrorMessage(error, 'update', t));
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {asInvitedSponsor ? null : (
        <p className="text-sm font-medium text-primary">{t('onboarding.progress', { current, total: STEPS.length })}</p>
      )}
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t('onboarding.title')}</h1>
      <p className="mt-2 text-muted-foreground">
        {asInvitedSponsor ? t('onboarding.sponsor.pageLead') : t('onboarding.lead')}
      </p>
      {asInvitedSponsor ? (
        <SponsorOnboarding
          sponsorships={invitedSponsorships}
          onSubmit={finishAsSponsor}
          onUnhandledError={onUnhandledError}
          onOtherRole={() => setAsInvitedSponsor(false)}
        />
      ) : (
        <>
          <div className="mt-5 grid grid-cols-2 gap-2" aria-hidden="true">
            {STEPS.map((s, index) => (
              <span key={s} className={cn('h-1.5 rounded-full', index < current ? 'bg-primary' : 'bg-muted')} />
            ))}
          </div>

          <Card className="mt-8" hidden={step !== 'role'}>
            <CardHeader>
              <h2 ref={roleHeading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
                {t('onboarding.role.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('onboarding.role.lead')}</p>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <RoleOptions value={role} onChange={setRole} legend={t('onboarding.role.title')} hideLegend />
              <div className="flex justify-end">
                <Button
                  size="lg"
                  disabled={role === null}
                  onClick={() => goTo('masterData')}
                  className="w-full sm:w-auto"
                >
                  {t('onboarding.role.continue')}
                  <ArrowRightIcon aria-hidden="true" />
                </Button>
              </div>
            </CardContent>
          </Card>

          <Card className="mt-8" hidden={step !== 'masterData'}>
            <CardHeader>
              <h2 ref={masterDataHeading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
                {t('onboarding.masterData.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('onboarding.masterData.lead')}</p>
            </CardHeader>
            <CardContent>
              <MasterDataForm
                defaultValues={defaults}
                onSubmit={finish}
                onUnhandledError={onUnhandledError}
                submitLabel={t('onboarding.submit')}
                invoicing={role === 'veranstalter' || role === 'beides'}
                secondaryAction={
                  <Button variant="outline" onClick={() => goTo('role')} disabled={createProfile.isPending}>
                    <ArrowLeftIcon aria-hidden="true" />
                    {t('onboarding.back')}
                  </Button>
                }
              />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
