import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { SPONSOR_NOTE_MAX, ZAddSponsorNoteRequest, type SponsorNoteWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useAddSponsorNote } from '../api/sponsor-view';

/** The note field of the request's own schema: the same limits in the form as on the server. */
const schema = z.object({ text: ZAddSponsorNoteRequest.shape.text });

const REASONS = { required: 'sponsorView.notes.required', too_long: 'sponsorView.notes.tooLong' } as const;

/** The team's private notes on the sponsor: a form, then the notes, newest first, with author and time. */
export function SponsorNotes({ sponsorKey, notes }: { sponsorKey: string; notes: SponsorNoteWire[] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const add = useAddSponsorNote(sponsorKey);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { text: '' } });
  const reason = errors.text?.message as keyof typeof REASONS | undefined;
  const submit = handleSubmit(async ({ text }) => {
    try {
      await add.mutateAsync(text);
    } catch (error) {
      toast.error(getErrorMessage(error, t));
      return;
    }
    reset({ text: '' });
    toast.success(t('sponsorView.notes.saved'));
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sponsorView.notes.title')}</CardTitle>
        <CardDescription>{t('sponsorView.notes.private')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={(event) => void submit(event)} aria-busy={isSubmitting || undefined}>
          <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-3">
            <Field
              label={t('sponsorView.notes.label')}
              hint={t('sponsorView.notes.hint', { max: SPONSOR_NOTE_MAX })}
              error={reason ? t(REASONS[reason]) : undefined}
            >
              {(c) => <Textarea {...c} {...register('text')} rows={3} maxLength={SPONSOR_NOTE_MAX + 100} />}
            </Field>
            <Button type="submit" className="self-start">
              {t('sponsorView.notes.add')}
            </Button>
          </fieldset>
        </form>
        {notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sponsorView.notes.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('sponsorView.notes.list')}>
            {notes.map((note) => (
              <li key={note.id} className="rounded-md border border-border p-3">
                <p className="text-sm break-words whitespace-pre-wrap">{note.text}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t('sponsorView.notes.byline', {
                    author: note.author_email,
                    time: formatDateTime(note.created_at, language),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
