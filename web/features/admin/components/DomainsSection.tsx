import { type BlockedDomain, blockedDomainInputSchema } from '../../../../contract/domains.ts';
import { useAdminMessages } from '../../staff/panel.tsx';
import { cn } from '../../../lib/cn.ts';
import { CheckboxField } from '../../staff/components/CheckboxField.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { useAddDomain, useDeleteDomain, useDomains } from '../api/domains.ts';
import { AddForm, ShortListSection, useAddForm } from './ShortList.tsx';


/**
 * The blocked and trusted domains (docs/product.md#admin-domains): a loader fetching from a blocked
 * one is not saved; a trusted one's code is information only on the script's page.
 */
export function DomainsSection() {
  const t = useAdminMessages().domains;
  return (
    <ShortListSection<BlockedDomain> texts={t} query={useDomains()} deleteMutation={useDeleteDomain()} addForm={(onAdded) => <AddDomainForm onAdded={onAdded} />} nameOf={(domain) => domain.domain}>
      {(domain) => (
        <>
          <p className="min-w-0 flex-1 break-all font-mono text-sm text-white">{domain.domain}</p>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
              domain.trusted ? 'bg-emerald-500/10 text-emerald-200 ring-emerald-400/30' : 'bg-red-500/10 text-red-200 ring-red-400/30',
            )}
          >
            {domain.trusted ? t.trusted : t.blocked}
          </span>
        </>
      )}
    </ShortListSection>
  );
}

type Field = 'domain';
const FIELDS: readonly Field[] = ['domain'];
const IDS: Record<Field, string> = { domain: 'blocked-domain' };

/** A domain and whether it is trusted, validated with the contract's blockedDomainInputSchema. */
function AddDomainForm({ onAdded }: { onAdded: () => void }) {
  const t = useAdminMessages().domains;
  const form = useAddForm({ schema: blockedDomainInputSchema, empty: { domain: '', trusted: false }, fields: FIELDS, ids: IDS, mutation: useAddDomain(), texts: t, onAdded });
  return (
    <AddForm id="blocked-domain-add" heading={t.addHeading} submitLabel={t.add} form={form}>
      <div className="min-w-0 md:flex-1">
        <TextField
          id={IDS.domain}
          label={t.domain}
          hint={t.domainHint}
          placeholder={t.domainPlaceholder}
          value={form.values.domain}
          onChange={(event) => form.set('domain', event.target.value)}
          error={form.errors.domain}
          required
          readOnly={form.pending}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="md:mt-8 md:w-64">
        <CheckboxField id="blocked-domain-trusted" label={t.trustedField} hint={t.trustedHint} checked={form.values.trusted} disabled={form.pending} onCheckedChange={(checked) => form.set('trusted', checked)} />
      </div>
    </AddForm>
  );
}
