import { useQuery } from '@tanstack/react-query';
import { BuildingIcon, ChevronDownIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { SaveSponsorProfileRequest, SponsorProfileWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { sponsorProfileQueryOptions, useChangeSponsorProfile, type ProfileViewer } from '../api/sponsor-profile';
import { LogoField } from './logo-field';
import { ProfileForm } from './profile-form';
import { WallConsents } from './wall-consents';

const savedTexts = (profile: SponsorProfileWire) =>
  JSON.stringify([profile.public_name, profile.website, profile.description_de, profile.description_en]);

/**
 * The sponsor's public profile (name, logo, descriptions, website), entered once for every
 * sponsorship, and the consent per sponsorship to appear on the event's public sponsor wall.
 */
export function SponsorProfileSection({ viewer }: { viewer: ProfileViewer }) {
  const { t } = useTranslation();
  const query = useQuery(sponsorProfileQueryOptions(viewer));
  const change = useChangeSponsorProfile(viewer);
  const [open, setOpen] = useState(() => window.location.hash === '#sponsor-profile');
  // A link to #sponsor-profile (the logo a deliverable asks for) opens it.
  useEffect(() => {
    const onHash = () => {
      if (window.location.hash === '#sponsor-profile') setOpen(true);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const save = async (body: SaveSponsorProfileRequest) => {
    try {
      await change.mutateAsync({ kind: 'save', body });
      toast.success(t('sponsorProfile.saved'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  let content;
  if (query.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorProfile.loading')}
      </p>
    );
  } else if (query.isError) {
    content = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-destructive" role="alert">
          {t('sponsorProfile.loadFailed', { message: getErrorMessage(query.error, t) })}
        </p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    const { profile, consents } = query.data;
    content = (
      <div className="flex flex-col gap-6">
        <LogoField
          logo={profile.logo}
          onUpload={async (file) => {
            await change.mutateAsync({ kind: 'logo', file });
            toast.success(t('sponsorProfile.logo.uploaded'));
          }}
          onRemove={() => change.mutateAsync({ kind: 'remove-logo' })}
        />
        {/* Starts again from what is saved when the texts change, not when only the logo does. */}
        <ProfileForm key={savedTexts(profile)} profile={profile} onSubmit={save} />
        <WallConsents
          consents={consents}
          hasName={profile.public_name !== ''}
          viewer={viewer}
          onChange={async (sponsorshipId, show) => {
            try {
              await change.mutateAsync({ kind: 'consent', sponsorshipId, show });
            } catch (error) {
              toast.error(getErrorMessage(error, t));
            }
          }}
        />
      </div>
    );
  }

  return (
    <section id="sponsor-profile" aria-labelledby="sponsor-profile-title" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id="sponsor-profile-title">
            {/* Folded by default: the profile is optional and long, the sponsor's steps come first. */}
            <button
              type="button"
              aria-expanded={open}
              aria-controls="sponsor-profile-content"
              onClick={() => setOpen((value) => !value)}
              className="flex w-full items-center gap-2 rounded-md text-left focus-visible:outline-2 focus-visible:outline-ring"
            >
              <BuildingIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 flex-1">{t('sponsorProfile.title')}</span>
              <ChevronDownIcon
                className={cn('size-5 shrink-0 text-primary transition-transform', open && 'rotate-180')}
                aria-hidden="true"
              />
            </button>
          </CardTitle>
          <CardDescription>{t('sponsorProfile.lead')}</CardDescription>
        </CardHeader>
        {open ? <CardContent id="sponsor-profile-content">{content}</CardContent> : null}
      </Card>
    </section>
  );
}
