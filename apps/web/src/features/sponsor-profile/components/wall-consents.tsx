import { useState } from 'react';
import type { WallConsentWire } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import type { ProfileViewer } from '../api/sponsor-profile';
import { OwnWallFigures } from './own-wall-figures';

/** One switch per sponsorship: may the event's public sponsor wall show this sponsor? */
export function WallConsents({
  consents,
  hasName,
  onChange,
  viewer,
}: {
  consents: WallConsentWire[];
  hasName: boolean;
  /** Who looks: their own figures on each wall they are shown on. */
  viewer?: ProfileViewer;
  onChange: (sponsorshipId: number, show: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  // The box follows the click at once; the server's answer (or a refusal) settles it.
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const change = async (sponsorshipId: number, show: boolean) => {
    setPending((current) => ({ ...current, [sponsorshipId]: show }));
    try {
      await onChange(sponsorshipId, show);
    } finally {
      setPending(({ [sponsorshipId]: _settled, ...rest }) => rest);
    }
  };
  if (consents.length === 0) return null;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 font-semibold">{t('sponsorProfile.consent.title')}</legend>
      <p className="text-sm text-muted-foreground">{t('sponsorProfile.consent.lead')}</p>
      {!hasName ? <p className="text-sm text-muted-foreground">{t('sponsorProfile.consent.nameFirst')}</p> : null}
      <ul className="flex flex-col gap-2">
        {consents.map((consent) => (
          <li key={consent.sponsorship_id}>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0"
                checked={pending[consent.sponsorship_id] ?? consent.show_on_wall}
                disabled={(!hasName && !consent.show_on_wall) || pending[consent.sponsorship_id] !== undefined}
                onChange={(event) => void change(consent.sponsorship_id, event.target.checked)}
                data-testid={`wall-consent-${consent.sponsorship_id}`}
              />
              <span className="min-w-0 break-words">
                {t('sponsorProfile.consent.label', {
                  event: consent.event_title,
                  organisation: consent.organisation_name,
                })}
              </span>
            </label>
            {viewer && consent.show_on_wall ? (
              <div className="mt-1 ml-7">
                <OwnWallFigures viewer={viewer} sponsorshipId={consent.sponsorship_id} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
