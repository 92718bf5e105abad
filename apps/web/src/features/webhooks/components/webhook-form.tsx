import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type WebhookWithSecret } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useCreateWebhook } from '../api/webhooks';

const schema = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX, { error: 'webhooks.form.urlInvalid' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || url.protocol === 'http:';
        } catch {
          return false;
        }
      },
      { error: 'webhooks.form.urlInvalid' },
    ),
  description: z.string().trim().max(200, { error: 'webhooks.form.descriptionTooLong' }),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, { error: 'webhooks.form.typesRequired' }),
});
type Values = z.input<typeof schema>;

/** A new endpoint: its address, what it is for, and the events it receives. */
export function WebhookForm({ onCreated }: { onCreated: (created: WebhookWithSecret) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { url: '', description: '', event_types: [] } satisfies Values,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
      reset();
    } catch (error) {
      if (isApiError(error) && error.code === 'webhook.address-refused') {
        setError('url', { type: 'server', message: 'problems.webhook.address-refused' });
      } else {
        toast.error(getErrorMessage(error, t));
      }
    }
  });
  const message = (key: string | undefined) => (key ? t(key as TranslationKey) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4">
        <Field label={t('webhooks.form.url')} hint={t('webhooks.form.urlHint')} error={message(errors.url?.message)}>
          {(control) => (
            <Input
              {...control}
              {...register('url')}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t('webhooks.form.description')} error={message(errors.description?.message)}>
          {(control) => <Input {...control} {...register('description')} autoComplete="off" />}
        </Field>
        <fieldset className="grid gap-2" aria-describedby={errors.event_types ? 'webhook-types-error' : undefined}>
          <legend className="text-sm font-medium">{t('webhooks.form.types')}</legend>
          <div className="grid gap-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input type="checkbox" value={type} {...register('event_types')} className="mt-0.5 size-4" />
                <span className="min-w-0">
                  {t(`webhooks.types.${type.replace('.', '-')}` as TranslationKey)}
                  <code className="block text-xs break-all text-muted-foreground">{type}</code>
                </span>
              </label>
            ))}
          </div>
          {errors.event_types ? (
            <p id="webhook-types-error" className="text-sm font-medium text-destructive">
              {message(errors.event_types.message)}
            </p>
          ) : null}
        </fieldset>
        <div>
          <Button type="submit">
            <PlusIcon aria-hidden="true" />
            {t('webhooks.form.add')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
