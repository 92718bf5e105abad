import type { CheckInResponse } from '@sp/shared';
import {
  CameraIcon,
  CameraOffIcon,
  CheckCircle2Icon,
  CircleAlertIcon,
  ImageIcon,
  LoaderCircleIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useCheckIn } from '../api/tickets';
import { readQr } from './qr-reader';

type Outcome = { kind: 'answer'; answer: CheckInResponse } | { kind: 'refused'; message: string };

const timeOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(
    new Date(iso),
  );

/**
 * The door: the camera reads a ticket's QR code (or a photo of it is chosen), or the code is typed;
 * each read asks the API once, which admits the ticket the first time and refuses it after, or
 * refuses a forged code and one of another event. The answer stays on screen until the next one.
 */
export function CheckInDoor({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const checkIn = useCheckIn(eventId);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [camera, setCamera] = useState<'off' | 'on' | 'unavailable'>('off');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const lastRead = useRef<{ text: string; at: number } | null>(null);

  const submit = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || checkIn.isPending) return;
    checkIn.mutate(trimmed, {
      onSuccess: (answer) => setOutcome({ kind: 'answer', answer }),
      onError: (error) => setOutcome({ kind: 'refused', message: getErrorMessage(error, t) }),
    });
  };

  const stopCamera = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setCamera((current) => (current === 'on' ? 'off' : current));
  };

  const startCamera = async () => {
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      stream.current = media;
      setCamera('on');
    } catch {
      setCamera('unavailable');
    }
  };

  useEffect(() => {
    if (camera !== 'on' || !video.current || !stream.current) return;
    const element = video.current;
    element.srcObject = stream.current;
    void element.play().catch(() => undefined);
    let stopped = false;
    const scan = async () => {
      if (stopped) return;
      if (element.readyState >= 2) {
        const text = await readQr(element, element.videoWidth, element.videoHeight).catch(() => null);
        const now = Date.now();
        // The same ticket held in front of the camera is asked about once every few seconds, not per frame.
        if (text && !(lastRead.current?.text === text && now - lastRead.current.at < 4000)) {
          lastRead.current = { text, at: now };
          submit(text);
        }
      }
      window.setTimeout(() => void scan(), 250);
    };
    void scan();
    return () => {
      stopped = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera]);

  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  const readImage = async (file: File) => {
    const bitmap = await createImageBitmap(file);
    const text = await readQr(bitmap, bitmap.width, bitmap.height).catch(() => null);
    if (text) submit(text);
    else setOutcome({ kind: 'refused', message: t('tickets.door.noQr') });
  };

  const onTyped = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  const admitted = outcome?.kind === 'answer' && outcome.answer.result === 'admitted';
  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <div className="grid gap-2">
        {camera === 'on' ? (
          <>
            <video
              ref={video}
              className="aspect-square w-full rounded-lg bg-black object-cover"
              muted
              playsInline
              aria-label={t('tickets.door.cameraView')}
            />
            <Button variant="outline" onClick={stopCamera}>
              <CameraOffIcon className="size-4" aria-hidden="true" />
              {t('tickets.door.stopCamera')}
            </Button>
          </>
        ) : (
          <Button size="lg" onClick={() => void startCamera()}>
            <CameraIcon className="size-4" aria-hidden="true" />
            {t('tickets.door.startCamera')}
          </Button>
        )}
        {camera === 'unavailable' ? (
          <p className="text-sm text-muted-foreground">{t('tickets.door.noCamera')}</p>
        ) : null}
        <label className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium focus-within:outline-2 focus-within:outline-ring">
          <ImageIcon className="size-4" aria-hidden="true" />
          {t('tickets.door.photo')}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void readImage(file);
            }}
          />
        </label>
      </div>

      <form onSubmit={onTyped} className="grid gap-2">
        <label htmlFor="ticket-code" className="text-sm font-medium">
          {t('tickets.door.code')}
        </label>
        <div className="flex gap-2">
          <Input
            id="ticket-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={200}
            placeholder="12-345-ABCD-EFGH-JKMN-PQRS"
          />
          <Button type="submit" disabled={checkIn.isPending || !code.trim()}>
            {checkIn.isPending ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
            {t('tickets.door.check')}
          </Button>
        </div>
      </form>

      <div role="status" aria-live="assertive" className="min-h-24">
        {outcome ? (
          <div
            className={cn(
              'flex items-start gap-3 rounded-lg border-2 p-4',
              admitted
                ? 'border-green-700 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-50'
                : 'border-red-700 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
            )}
          >
            {admitted ? (
              <CheckCircle2Icon className="size-6 shrink-0" aria-hidden="true" />
            ) : (
              <CircleAlertIcon className="size-6 shrink-0" aria-hidden="true" />
            )}
            <div className="grid gap-1">
              {outcome.kind === 'answer' ? (
                <>
                  <p className="text-lg font-semibold">
                    {admitted
                      ? t('tickets.door.admitted')
                      : t('tickets.door.already', { time: timeOf(outcome.answer.checked_in_at, i18n.language) })}
                  </p>
                  <p className="break-words">{outcome.answer.name}</p>
                  <p className="text-sm break-all">
                    {t('tickets.door.via', { sponsor: outcome.answer.sponsor_email })}
                  </p>
                </>
              ) : (
                <p className="text-lg font-semibold">{outcome.message}</p>
              )}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
