import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type BlockedDomain, blockedDomainInputSchema } from '../../../../contract/domains.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.tsx';
import { messages } from '../../../messages/staff.ts';
import { errorText, isSessionError } from '../../staff/api/client.ts';
import { CheckboxField } from '../../staff/components/CheckboxField.tsx';
import { DeleteDialog } from '../../staff/components/ConfirmDialog.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { focusFirstError, parseFields, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { useConfirmedDelete, useFailureToast } from '../../staff/lib/hooks.ts';
import { usePanel } from '../../staff/panel.tsx';
import { useAddDomain, useDeleteDomain, useDomains } from '../api/domains.ts';

const t = messages.admin.domains;
const c = messages.admin.common;

/**
 * The blocked and trusted domains (docs/product.md#admin-domains): a loader fetching from a blocked
 * one is not saved; a trusted one's code is information only on the script's page.
 */
export function DomainsSection() {
  const query = useDomains();
  const remove = useConfirmedDelete<BlockedDomain>('admin', useDeleteDomain(), { ...t, timedOut: c.timedOut });

  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);

  return (
    <StaffSection title={t.title} intro={t.intro}>
      <AddDomainForm onAdded={() => remove.setActionError(null)} />
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={c.dismiss} /> : null}
      <ListView<BlockedDomain> query={query} loadFailed={t.loadFailed} onRetry={() => void query.refetch()} empty={<ListEmpty title={t.empty} text={t.emptyHint} />}>
        {(domains) => (
          <ul aria-label={t.listLabel} className="flex flex-col gap-2">
            {domains.map((domain) => (
              <li key={domain.id} className="flex items-center gap-3 rounded-xl bg-panel px-4 py-3 ring-1 ring-white/10">
                <p className="min-w-0 flex-1 break-all font-mono text-sm text-white">{domain.domain}</p>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                    domain.trusted ? 'bg-emerald-500/10 text-emerald-200 ring-emerald-400/30' : 'bg-red-500/10 text-red-200 ring-red-400/30',
                  )}
                >
                  {domain.trusted ? t.trusted : t.blocked}
                </span>
                <Button variant="ghost" aria-label={t.deleteLabel(domain.domain)} onClick={() => remove.setPending(domain)} size="icon" className="text-red-300 hover:text-red-200">
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListView>
      <DeleteDialog question={t.confirmDelete} remove={remove} />
    </StaffSection>
  );
}

interface Values {
  domain: string;
  trusted: boolean;
}
type Field = 'domain';
const FIELDS: readonly Field[] = ['domain'];
const IDS: Record<Field, string> = { domain: 'blocked-domain' };

/** A domain and whether it is trusted, validated with the contract's blockedDomainInputSchema. */
function AddDomainForm({ onAdded }: { onAdded: () => void }) {
  const { texts } = usePanel();
  const { values, setValues, set, errors, setErrors } = useFieldState<Values>({ domain: '', trusted: false });
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddDomain();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setFormError(null);
    const input = parseFields(blockedDomainInputSchema, values, { order: FIELDS, ids: IDS, word: texts.word }, setErrors);
    if (!input) return;
    add.mutate(input, {
      onSuccess: () => {
        setValues({ domain: '', trusted: false });
        onAdded();
        toast.success(t.added);
      },
      onError: (error) => {
        if (isSessionError(error, 'admin')) return;
        const fromServer = serverFieldErrors(error, FIELDS);
        setErrors(fromServer);
        if (!focusFirstError(fromServer, FIELDS, IDS)) setFormError(errorText(error, t.addFailed, c.timedOut));
        toast.error(t.addFailed);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="blocked-domain-add" className="rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
      <h2 id="blocked-domain-add" className="mb-3 text-sm font-semibold text-slate-200">
        {t.addHeading}
      </h2>
      {formError ? <ErrorBanner message={formError} className="mb-3" /> : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="min-w-0 md:flex-1">
          <TextField
            id={IDS.domain}
            label={t.domain}
            hint={t.domainHint}
            placeholder={t.domainPlaceholder}
            value={values.domain}
            onChange={(event) => set('domain', event.target.value)}
            error={errors.domain}
            required
            readOnly={add.isPending}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="md:mt-8 md:w-64">
          <CheckboxField id="blocked-domain-trusted" label={t.trustedField} hint={t.trustedHint} checked={values.trusted} disabled={add.isPending} onCheckedChange={(checked) => set('trusted', checked)} />
        </div>
        <Button type="submit" loading={add.isPending} aria-disabled={add.isPending || undefined} className="md:mt-7">
          {add.isPending ? null : <Plus aria-hidden className="h-4 w-4" />}
          {t.add}
        </Button>
      </div>
    </form>
  );
}
