import { zodResolver } from '@hookform/resolvers/zod';
import { SendHorizontalIcon } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { CHAT_MESSAGE_MAX, ZSendMessageRequest } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const sendSchema = ZSendMessageRequest.pick({ message: true });
type SendValues = { message: string };

/**
 * The message box: Enter sends, Shift+Enter adds a line; empty or whitespace-only text is not sent
 * (spec section 5). `onSend` returns at once (the send is optimistic); it gets `restore` to put the
 * text back if sending fails and the box is still empty.
 */
export function SendBox({
  disabled,
  disabledText,
  focusKey,
  onSend,
}: {
  disabled: boolean;
  /** What the disabled box says (default: choose a conversation first). */
  disabledText?: string;
  /** The box takes the focus whenever this changes (a conversation was selected). */
  focusKey: number | undefined;
  onSend: (text: string, restore: () => void) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const counterId = useId();
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const { register, handleSubmit, reset, watch, getValues, setValue } = useForm<SendValues>({
    resolver: zodResolver(sendSchema),
    defaultValues: { message: '' },
  });
  const { ref: registerRef, ...field } = register('message');
  const text = watch('message');
  const sendable = !disabled && text.trim().length > 0 && text.length <= CHAT_MESSAGE_MAX;

  useEffect(() => {
    if (!disabled && focusKey !== undefined) textareaRef.current?.focus();
  }, [focusKey, disabled]);

  const submit = handleSubmit(({ message }) => {
    if (disabled || message.trim().length === 0) return;
    reset();
    onSend(message, () => {
      if (getValues('message') === '') setValue('message', message);
    });
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (sendable) void submit();
  }

  const nearLimit = text.length > CHAT_MESSAGE_MAX * 0.9;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (sendable) void submit();
      }}
      className="border-t border-border bg-background p-3 sm:p-4"
    >
      <label htmlFor={`${hintId}-input`} className="sr-only">
        {t('chat.send.label')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          {...field}
          ref={(element) => {
            registerRef(element);
            textareaRef.current = element;
          }}
          id={`${hintId}-input`}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={disabled}
          placeholder={disabled ? (disabledText ?? t('chat.send.noConversation')) : t('chat.send.placeholder')}
          aria-describedby={`${hintId} ${counterId}`}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-12 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        />
        <Button type="submit" size="icon" disabled={!sendable} aria-label={t('chat.send.submit')}>
          <SendHorizontalIcon aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-1.5 flex justify-between gap-3 text-xs text-muted-foreground">
        <p id={hintId} className="max-sm:sr-only">
          {t('chat.send.hint')}
        </p>
        <p id={counterId} className={cn('ml-auto shrink-0 tabular-nums', nearLimit && 'font-medium text-destructive')}>
          {t('chat.send.counter', { count: text.length, max: CHAT_MESSAGE_MAX })}
        </p>
      </div>
    </form>
  );
}
