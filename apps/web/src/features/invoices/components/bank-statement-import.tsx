import { useQuery } from '@tanstack/react-query';
import { FileUpIcon, LandmarkIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useRecordPayments } from '../api/invoice-actions';
import { organisationInvoicesQueryOptions } from '../api/invoices';
import { BankStatementError, decodeStatement, parseBankStatement, type StatementCredit } from '../utils/bank-statement';
import { matchPayments, type PaymentMatch, type StatementMatches } from '../utils/match-payments';
import { formatCents } from '../utils/money';

type Read = { file: string; credits: StatementCredit[] } | { file: string; error: BankStatementError['reason'] };

const keyOf = (match: PaymentMatch, index: number) => `${index}:${match.invoice.id}`;

/**
 * "Kontoauszug abgleichen": the organiser opens the bank's camt.053 export, sees which incoming
 * payments pay which open invoices (by the number in the remittance text) and records the ones they
 * confirm. The file is read in the browser and never uploaded (decision 041).
 */
export function BankStatementImport({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [open, setOpen] = useState(false);
  const [read, setRead] = useState<Read | null>(null);
  // The matches whose box the organiser turned from what it started as (on by number, off by payer).
  const [toggled, setToggled] = useState<Set<string>>(new Set());
  const inputId = useId();
  const invoices = useQuery({ ...organisationInvoicesQueryOptions(organisationId, {}), enabled: open });
  const record = useRecordPayments();

  const result: StatementMatches | null =
    read && 'credits' in read && invoices.data ? matchPayments(read.credits, invoices.data) : null;
  const isChosen = (match: PaymentMatch, index: number) =>
    match.fit !== 'recorded' && (match.by === 'number') !== toggled.has(keyOf(match, index));
  const chosen = result ? result.matches.filter(isChosen) : [];
  const money = (cents: number) => formatCents(cents, language);

  async function choose(file: File | undefined) {
    setToggled(new Set());
    if (!file) return setRead(null);
    const text = decodeStatement(await file.arrayBuffer());
    try {
      setRead({ file: file.name, credits: parseBankStatement(text) });
    } catch (error) {
      setRead({ file: file.name, error: error instanceof BankStatementError ? error.reason : 'not-statement' });
    }
  }

  function submit() {
    record.mutate(
      chosen.map((match) => ({
        id: match.invoice.id,
        number: match.invoice.number!,
        payment: { paid_on: match.credit.bookedOn, amount_cents: match.amountCents },
      })),
      {
        onSuccess: ({ recorded, failed }) => {
          if (recorded > 0) toast.success(t('invoices.statement.recorded', { count: recorded }));
          if (failed.length > 0) {
            toast.error(t('invoices.statement.failed', { count: failed.length }), {
              description: failed.map((f) => `${f.number}: ${getErrorMessage(f.message, t)}`).join('\n'),
            });
          } else {
            setOpen(false);
            setRead(null);
          }
        },
      },
    );
  }

  const fitText = (match: PaymentMatch) =>
    match.fit === 'partial'
      ? t('invoices.statement.fit.partial', { rest: money(match.invoice.outstanding_cents - match.amountCents) })
      : match.fit === 'over'
        ? t('invoices.statement.fit.over', { more: money(match.credit.amountCents - match.amountCents) })
        : t(`invoices.statement.fit.${match.fit}`);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRead(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <LandmarkIcon aria-hidden="true" />
          {t('invoices.statement.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl" closeLabel={t('invoices.actions.close')} data-testid="bank-statement-dialog">
        <DialogHeader>
          <DialogTitle>{t('invoices.statement.title')}</DialogTitle>
          <DialogDescription>{t('invoices.statement.lead')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={inputId} className="font-medium">
            {t('invoices.statement.file')}
          </label>
          {/* The browser's own file button speaks the browser's language; this one speaks the page's. */}
          <div className="flex flex-wrap items-center gap-3">
            <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 font-medium shadow-xs hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <FileUpIcon className="size-4" aria-hidden="true" />
              {t('invoices.statement.choose')}
              <input
                id={inputId}
                type="file"
                accept=".xml,.sta,.mt940,.940,.txt,application/xml,text/xml,text/plain"
                className="sr-only"
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </label>
            <span className="min-w-0 break-all text-muted-foreground">
              {read?.file ?? t('invoices.statement.noFile')}
            </span>
          </div>
        </div>
        {read && 'error' in read ? (
          <p className="text-sm text-destructive" role="alert">
            {t(`invoices.statement.error.${read.error}`, { file: read.file })}
          </p>
        ) : read && invoices.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('invoices.loading')}
          </p>
        ) : read && invoices.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('invoices.loadFailed', { message: getErrorMessage(invoices.error, t) })}
          </p>
        ) : result ? (
          <div className="flex flex-col gap-4" data-testid="bank-statement-result">
            {result.matches.length === 0 ? (
              <p className="text-sm">{t('invoices.statement.noMatches', { count: result.unmatched.length })}</p>
            ) : (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">
                  {t('invoices.statement.matches', { count: result.matches.length })}
                </legend>
                {result.matches.map((match, index) => {
                  const key = keyOf(match, index);
                  const done = match.fit === 'recorded';
                  return (
                    <label
                      key={key}
                      className="flex items-start gap-3 rounded-lg border border-border p-3 text-sm"
                      data-testid="statement-match"
                    >
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4"
                        disabled={done}
                        checked={isChosen(match, index)}
                        onChange={() =>
                          setToggled((previous) => {
                            const next = new Set(previous);
                            if (next.has(key)) next.delete(key);
                            else next.add(key);
                            return next;
                          })
                        }
                      />
                      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                        <span className="flex flex-wrap justify-between gap-x-3 font-medium">
                          <span className="min-w-0 break-words">
                            {match.invoice.number} · {match.invoice.buyer.name}
                          </span>
                          <span className="tabular-nums">{money(match.amountCents)}</span>
                        </span>
                        <span className="text-muted-foreground">
                          {formatDate(match.credit.bookedOn, language)}
                          {match.credit.payer ? ` · ${match.credit.payer}` : ''}
                          {/* Without the number, the reference is what tells the organiser it is this invoice. */}
                          {match.by === 'payer' && match.credit.text ? ` · ${match.credit.text}` : ''}
                        </span>
                        <span className={match.fit === 'exact' ? 'text-muted-foreground' : 'font-medium'}>
                          {fitText(match)}
                        </span>
                        {match.by === 'payer' && !done ? (
                          <span className="font-medium text-amber-700 dark:text-amber-400">
                            {t('invoices.statement.byPayer')}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            )}
            {result.unmatched.length > 0 && result.matches.length > 0 ? (
              <details className="text-sm">
                <summary className="cursor-pointer font-medium">
                  {t('invoices.statement.unmatched', { count: result.unmatched.length })}
                </summary>
                <ul className="mt-2 flex flex-col gap-1 text-muted-foreground">
                  {result.unmatched.map((credit, index) => (
                    <li key={index} className="break-words">
                      {formatDate(credit.bookedOn, language)} · {money(credit.amountCents)}
                      {credit.payer ? ` · ${credit.payer}` : ''}
                      {credit.text ? ` · ${credit.text}` : ''}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button disabled={chosen.length === 0 || record.isPending} onClick={submit}>
            {record.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {t('invoices.statement.submit', { count: chosen.length })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
