import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { INVITE_EMAIL_PATTERN } from '@sp/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useStartConversation } from '../api/start-conversation';

const startSchema = z.object({
  email: z.string().trim().max(320).regex(INVITE_EMAIL_PATTERN, { error: 'common.error.invalidEmail' }),
});
type StartValues = z.input<typeof startSchema>;

/** Spec "Chat screen": the dialog to start a chat by entering an e-mail address (signed-in users). */
export function StartConversationDialog({
  trigger,
  onStarted,
}: {
  trigger: ReactElement;
  onStarted: (conversationId: number) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const start = useStartConversation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(startSchema), defaultValues: { email: '' } satisfies StartValues });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const conversation = await start.mutateAsync(email);
      setOpen(false);
      reset();
      onStarted(conversation.id);
    } catch (error) {
      const message = t('chat.new.failed', { message: getErrorMessage(error, t) });
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        setError('email', { type: 'server', message });
      } else {
        toast.error(message);
      }
    }
  });

  const emailError = errors.email?.message
    ? errors.email.type === 'server'
      ? errors.email.message
      : t(errors.email.message as TranslationKey)
    : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t('chat.new.close')}>
        <DialogHeader>
          <DialogTitle>{t('chat.new.title')}</DialogTitle>
          <DialogDescription>{t('chat.new.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <Field label={t('chat.new.emailLabel')} error={emailError}>
              {(control) => (
                <Input
                  {...control}
                  {...register('email')}
                  type="email"
                  autoComplete="email"
                  placeholder={t('chat.new.emailPlaceholder')}
                />
              )}
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t('chat.new.cancel')}</Button>
              </DialogClose>
              <Button type="submit">{t('chat.new.submit')}</Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
