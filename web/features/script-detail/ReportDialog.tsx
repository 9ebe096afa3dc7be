import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '../../../contract/report-rules.ts';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../lib/toast.tsx';
import { useI18n } from '../../i18n/messages.ts';
import type { PageMessages } from '../../i18n/catalogue.ts';

/** The dialog's texts: the page's reading's, from the root loader's data (this chunk imports no catalogue). */
type ReportTexts = PageMessages['report'];

export interface ReportDialogProps {
  scriptId: number;
  /** The Report button, which gets focus back when the dialog closes. */
  returnTo: HTMLElement | null;
  onClose: () => void;
}

/** What a failed report says, by status (docs/product.md#reports). */
function failureText(t: ReportTexts, status: number): string {
  if (status === 429) return t.tooMany;
  if (status === 404) return t.gone;
  return t.failed;
}

async function sendReport(scriptId: number, reason: ReportReason, details: string): Promise<number> {
  try {
    const response = await fetch(`/api/scripts/${scriptId}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(details.trim() === '' ? { reason } : { reason, details }),
    });
    return response.status;
  } catch {
    return 0;
  }
}

/** The report dialog: a reason, optional details with a counter, and the answer (loaded on first use). */
export function ReportDialog({ scriptId, returnTo, onClose }: ReportDialogProps) {
  const t = useI18n().m.report;
  const dialog = useRef<HTMLDivElement>(null);
  const form = useReportForm(t, scriptId, onClose);
  const ids = { title: useId(), intro: useId(), details: useId(), hint: useId(), counter: useId() };
  useFocusTrap(dialog, onClose, returnTo);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 sm:items-center" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={ids.intro}
        className="w-full max-w-md rounded-2xl bg-slate-900 p-6 text-slate-200 shadow-2xl ring-1 ring-white/10"
      >
        <h2 id={ids.title} className="text-xl font-bold text-white">
          {t.title}
        </h2>
        <p id={ids.intro} className="mt-1 text-sm text-slate-400">
          {t.intro}
        </p>
        <form className="mt-4 space-y-4" onSubmit={(event) => void form.submit(event)} noValidate>
          <ReportReasonFields t={t} reason={form.reason} onChange={form.setReason} />
          <ReportDetailsField ids={ids} details={form.details} onChange={form.setDetails} />
          {form.error ? (
            <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200 ring-1 ring-red-400/30">
              {form.error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={form.sending}>
              {form.sending ? t.sending : t.submit}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** The form's choices and its submit: a reason is required; a sent report closes the dialog with thanks. */
function useReportForm(t: ReportTexts, scriptId: number, onClose: () => void) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t.chooseReason);
      return;
    }
    setSending(true);
    setError(null);
    const status = await sendReport(scriptId, reason, details);
    setSending(false);
    if (status === 201) {
      toast.success(t.thanks);
      onClose();
      return;
    }
    setError(failureText(t, status));
  };

  return { reason, setReason, details, setDetails, error, sending, submit };
}

/** Keeps the focus in the dialog (the trap loads with it) and gives it back to `returnTo` when it closes. */
function useFocusTrap(dialog: RefObject<HTMLDivElement | null>, onClose: () => void, returnTo: HTMLElement | null) {
  useEffect(() => {
    let release: (() => void) | undefined;
    let cancelled = false;
    void import('../../components/ui/modal-focus.ts').then(({ trapFocus }) => {
      if (!cancelled && dialog.current) release = trapFocus(dialog.current, onClose, returnTo);
    });
    return () => {
      cancelled = true;
      release?.();
    };
  }, [dialog, onClose, returnTo]);
}

/** The reasons, one radio button each. */
function ReportReasonFields({ t, reason, onChange }: { t: ReportTexts; reason: ReportReason | null; onChange: (reason: ReportReason) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-white">{t.reasonLegend}</legend>
      <div className="mt-2 space-y-1">
        {REPORT_REASONS.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-white/5">
            <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => onChange(value)} className="h-4 w-4 accent-violet-500" />
            {t.reasons[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The optional details, with their hint and a counter of characters used. */
function ReportDetailsField({ ids, details, onChange }: { ids: { details: string; hint: string; counter: string }; details: string; onChange: (details: string) => void }) {
  const { m, t: fill } = useI18n();
  const t = m.report;
  return (
    <div>
      <label htmlFor={ids.details} className="text-sm font-semibold text-white">
        {t.detailsLabel}
      </label>
      <textarea
        id={ids.details}
        name="details"
        rows={4}
        maxLength={REPORT_DETAILS_MAX}
        value={details}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${ids.hint} ${ids.counter}`}
        className="mt-1 w-full rounded-lg bg-slate-950 p-2 text-sm text-slate-100 ring-1 ring-white/15 focus:outline-none focus:ring-2 focus:ring-violet-400"
      />
      <div className="mt-1 flex justify-between gap-3 text-xs text-slate-400">
        <span id={ids.hint}>{t.detailsHint}</span>
        <span id={ids.counter} className="shrink-0 tabular-nums">
          {fill(t.counter, { used: String(details.length), max: String(REPORT_DETAILS_MAX) })}
        </span>
      </div>
    </div>
  );
}
