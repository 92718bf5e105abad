import { RotateCwIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { describeIdentityError } from '../utils/identity-errors';

/** "Send the code again": a toast tells whether it went out; the button rests while sending. */
export function ResendCodeButton({
  onResend,
  sentMessage,
  children,
  disabled,
}: {
  onResend: () => Promise<void>;
  sentMessage: string;
  children: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);

  async function resend(): Promise<void> {
    setSending(true);
    try {
      await onResend();
      toast.success(sentMessage);
    } catch (error) {
      toast.error(t('auth.resendFailed', { error: describeIdentityError(error, t) }));
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      type="button"
      variant="link"
      className="h-auto gap-1.5 p-0 text-sm [&_svg]:size-3.5"
      disabled={disabled || sending}
      onClick={() => void resend()}
    >
      <RotateCwIcon aria-hidden="true" className={sending ? 'animate-spin' : undefined} />
      {children}
    </Button>
  );
}
