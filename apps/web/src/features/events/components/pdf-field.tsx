import { FileTextIcon, UploadIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { PDF_MIME_TYPE } from '@sp/shared';
import { buttonVariants, Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useLanguage } from '@/hooks/use-language';
import { INTL_LOCALES } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatFileSize } from '../utils/file-size';
import { isPdfFile } from '../utils/event-form-schema';

/**
 * The PDF of an event: drop it on the area or choose it (a visually hidden file input behind a
 * button-like label, so it works with the keyboard). A file that is not a PDF is refused at once.
 */
export function PdfField({
  label,
  value,
  onChange,
  onReject,
  onBlur,
  current,
  error,
  progress,
  disabled,
  inputRef,
}: {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** A file that is not a PDF was dropped or chosen. */
  onReject: () => void;
  onBlur?: () => void;
  /** The event's stored document with its download button, if it has one. */
  current?: ReactNode;
  error?: string;
  /** Share of the upload sent (0..1) while saving, else null. */
  progress: number | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);

  const take = (file: File | undefined) => {
    if (!file) return;
    if (isPdfFile(file)) onChange(file);
    else onReject();
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  };

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {current}
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input bg-muted/40 px-4 py-6 text-center transition-colors',
          dragging && 'border-primary bg-secondary',
          error && 'border-destructive',
          disabled && 'opacity-60',
        )}
      >
        {value ? (
          <div className="flex w-full max-w-md items-center gap-3 rounded-md border border-border bg-background p-3 text-left">
            <FileTextIcon className="size-8 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{value.name}</p>
              <p className="text-xs text-muted-foreground">
                {formatFileSize(value.size, language)}
                {current ? ` · ${t('events.form.pdf.replacesCurrent')}` : null}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              disabled={disabled}
              aria-label={t('events.form.pdf.remove', { name: value.name })}
              onClick={() => onChange(null)}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <>
            <UploadIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">{t('events.form.pdf.drop')}</p>
          </>
        )}
        <input
          ref={(element) => {
            input.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          id={id}
          type="file"
          accept={`${PDF_MIME_TYPE},.pdf`}
          className="peer sr-only"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          onBlur={onBlur}
          onChange={(event) => {
            take(event.target.files?.[0]);
            // The same file can be chosen again after a refusal or a removal.
            event.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            disabled && 'pointer-events-none',
          )}
        >
          {value ? t('events.form.pdf.chooseOther') : t('events.form.pdf.choose')}
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('events.form.pdf.hint')}
        </p>
      </div>
      {percent !== null ? (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={t('events.form.pdf.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full origin-left rounded-full bg-primary transition-transform"
              style={{ transform: `scaleX(${percent / 100})` }}
            />
          </div>
          <span className="w-12 text-right text-xs text-muted-foreground tabular-nums">
            {new Intl.NumberFormat(INTL_LOCALES[language], { style: 'percent' }).format(percent / 100)}
          </span>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
