import { CopyIcon, Share2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { useTranslation } from '@/lib/i18n';

/** The link of the invitation just sent: copy it, or share it where the browser can (Web Share API). */
export function InviteLinkActions({ url }: { url: string | null }) {
  const { t } = useTranslation();

  async function copy(): Promise<void> {
    if (!url) {
      toast.error(t('team.invite.noLink'));
      return;
    }
    if (await copyText(url)) toast.success(t('team.invite.linkCopied'));
    else toast.error(t('team.invite.copyFailed'));
  }

  async function share(): Promise<void> {
    if (!url) {
      toast.error(t('team.invite.noLink'));
      return;
    }
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    try {
      await navigator.share({ title: t('team.invite.shareTitle'), text: t('team.invite.shareText'), url });
    } catch {
      toast.error(t('team.invite.shareFailed'));
    }
  }

  return (
    <div className="grid gap-3">
      {url ? (
        <p
          className="rounded-md border border-border bg-muted/50 px-3 py-2 font-mono text-xs break-all"
          data-testid="invite-link"
        >
          {url}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          {t('team.invite.copy')}
        </Button>
        <Button variant="outline" onClick={() => void share()}>
          <Share2Icon aria-hidden="true" />
          {t('team.invite.share')}
        </Button>
      </div>
    </div>
  );
}
