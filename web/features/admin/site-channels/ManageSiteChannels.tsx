import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast.tsx';
import { type Channel, type SiteChannelInput, siteChannelInputSchema } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { messages } from '../../../messages/staff.ts';
import { ConfirmDialog } from '../../staff/components/ConfirmDialog.tsx';
import { ErrorBanner } from '../components/ErrorBanner.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { ListEmpty, ListLoading } from '../components/ListStates.tsx';
import { SectionHeader } from '../components/SectionHeader.tsx';
import { actionErrorText, type FieldErrors, isSessionError, loadErrorText, serverFieldErrors, zodFieldErrors } from '../lib/errors.ts';
import { useConfirmedDelete } from '../lib/use-confirmed-delete.ts';
import { useFailureToast } from '../lib/table-state.ts';
import { useAddSiteChannel, useDeleteSiteChannel, useSiteChannels } from './api.ts';

const t = messages.admin.siteChannels;
const c = messages.admin.common;

/** DESIGN.md 2.6: the channels of the /subscribe page; changes show there at once. */
export function ManageSiteChannels() {
  const list = useSiteChannels();
  const remove = useDeleteSiteChannel();
  const { pendingDelete, setPendingDelete, actionError, setActionError, confirmDelete } = useConfirmedDelete<Channel>(remove, t);

  useFailureToast(list.error, list.errorUpdatedAt, t.loadFailed);

  const channels = list.data ?? [];
  return (
    <section aria-labelledby="admin-section-title">
      <SectionHeader
        title={t.title}
        intro={t.intro}
        action={
          <a href="/subscribe" target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 text-sm font-medium text-violet-300 underline-offset-4 hover:underline">
            {t.viewPage}
            <ExternalLink aria-hidden className="h-4 w-4" />
            <span className="sr-only">{messages.subscriptions.newTab}</span>
          </a>
        }
      />
      <AddChannelForm onAdded={() => setActionError(null)} />
      {actionError ? <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} dismissLabel={c.dismiss} className="mb-4" /> : null}
      {list.error && !isSessionError(list.error) ? (
        <ErrorBanner message={loadErrorText(list.error, t.loadFailed)} retry={{ label: c.retry, onRetry: () => void list.refetch(), busy: list.isFetching }} />
      ) : list.isPending ? (
        <ListLoading label={c.loading} />
      ) : channels.length === 0 ? (
        <ListEmpty text={t.empty} hint={t.emptyHint} />
      ) : (
        <ul aria-label={t.listLabel} className="flex flex-col gap-2">
          {channels.map((channel) => (
            <li key={channel.id} className="flex items-center gap-3 rounded-xl bg-panel px-4 py-3 ring-1 ring-white/10">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-white">{channel.name}</p>
                <p title={channel.url} className="truncate text-sm text-slate-400">
                  {channel.url}
                </p>
              </div>
              <Button variant="ghost" size="sm" aria-label={t.deleteLabel(channel.name)} onClick={() => setPendingDelete(channel)} className="text-red-300 hover:text-red-200">
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
        question={t.confirmDelete}
        confirmLabel={c.delete}
        cancelLabel={c.cancel}
        closeLabel={c.close}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

type Field = keyof SiteChannelInput;
const FIELDS: readonly Field[] = ['name', 'url'];

/** Name and URL, validated with the contract's siteChannelInputSchema (https:// links only). */
function AddChannelForm({ onAdded }: { onAdded: () => void }) {
  const [values, setValues] = useState<SiteChannelInput>({ name: '', url: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddSiteChannel();

  const set = (key: Field, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setFormError(null);
    const parsed = siteChannelInputSchema.safeParse(values);
    if (!parsed.success) {
      const found = zodFieldErrors<Field>(parsed.error);
      setErrors(found);
      document.getElementById(found.name ? 'site-channel-name' : 'site-channel-url')?.focus();
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setValues({ name: '', url: '' });
        onAdded();
        toast.success(t.added);
      },
      onError: (error) => {
        if (isSessionError(error)) return;
        const fromServer = serverFieldErrors(error, FIELDS);
        setErrors(fromServer);
        setFormError(actionErrorText(error, t.addFailed));
        toast.error(t.addFailed);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="site-channel-add" className="mb-6 rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
      <h2 id="site-channel-add" className="mb-3 text-sm font-semibold text-slate-200">
        {t.addHeading}
      </h2>
      {formError ? <ErrorBanner message={formError} className="mb-3" /> : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="md:w-56">
          <TextField
          id="site-channel-name"
          label={t.name}
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          required
          disabled={add.isPending}
          autoComplete="off"
          maxLength={64}
          />
        </div>
        <div className="md:flex-1">
          <TextField
            id="site-channel-url"
            type="url"
            label={t.url}
            placeholder={t.urlPlaceholder}
            value={values.url}
            onChange={(event) => set('url', event.target.value)}
            error={errors.url}
            required
            disabled={add.isPending}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="submit" loading={add.isPending} disabled={add.isPending} className="md:mt-7">
          {add.isPending ? null : <Plus aria-hidden className="h-4 w-4" />}
          {t.add}
        </Button>
      </div>
    </form>
  );
}
