import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type Channel, type SiteChannelInput, siteChannelInputSchema } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { messages } from '../../../messages/staff.ts';
import { errorText, isSessionError } from '../../staff/api/client.ts';
import { DeleteDialog } from '../../staff/components/ConfirmDialog.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { focusFirstError, parseFields, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { useConfirmedDelete, useFailureToast } from '../../staff/lib/hooks.ts';
import { usePanel } from '../../staff/panel.tsx';
import { useAddSiteChannel, useDeleteSiteChannel, useSiteChannels } from '../api/site-channels.ts';

const t = messages.admin.siteChannels;
const c = messages.admin.common;

/** The channels of the /subscribe page; changes show there at once. */
export function SiteChannelsSection() {
  const query = useSiteChannels();
  const remove = useConfirmedDelete<Channel>('admin', useDeleteSiteChannel(), { ...t, timedOut: c.timedOut });

  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);

  return (
    <StaffSection
      title={t.title}
      intro={t.intro}
      actions={
        <a href="/subscribe" target="_blank" rel="noopener" className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-violet-300 underline-offset-4 hover:underline">
          {t.viewPage}
          <ExternalLink aria-hidden className="h-4 w-4" />
          <span className="sr-only">{messages.subscriptions.newTab}</span>
        </a>
      }
    >
      <AddChannelForm onAdded={() => remove.setActionError(null)} />
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={c.dismiss} /> : null}
      <ListView<Channel> query={query} loadFailed={t.loadFailed} onRetry={() => void query.refetch()} empty={<ListEmpty title={t.empty} text={t.emptyHint} />}>
        {(channels) => (
          <ul aria-label={t.listLabel} className="flex flex-col gap-2">
            {channels.map((channel) => (
              <li key={channel.id} className="flex items-center gap-3 rounded-xl bg-panel px-4 py-3 ring-1 ring-white/10">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-semibold text-white">{channel.name}</p>
                  <p title={channel.url} className="truncate text-sm text-slate-400">
                    {channel.url}
                  </p>
                </div>
                <Button variant="ghost" aria-label={t.deleteLabel(channel.name)} onClick={() => remove.setPending(channel)} size="icon" className="text-red-300 hover:text-red-200">
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

type Field = keyof SiteChannelInput;
const FIELDS: readonly Field[] = ['name', 'url'];
const IDS: Record<Field, string> = { name: 'site-channel-name', url: 'site-channel-url' };

/** Name and URL, validated with the contract's siteChannelInputSchema (https:// links only), worded for people. */
function AddChannelForm({ onAdded }: { onAdded: () => void }) {
  const { texts } = usePanel();
  const { values, setValues, set, errors, setErrors } = useFieldState<SiteChannelInput>({ name: '', url: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddSiteChannel();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setFormError(null);
    const input = parseFields(siteChannelInputSchema, values, { order: FIELDS, ids: IDS, word: texts.word }, setErrors);
    if (!input) return;
    add.mutate(input, {
      onSuccess: () => {
        setValues({ name: '', url: '' });
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
    <form noValidate onSubmit={onSubmit} aria-labelledby="site-channel-add" className="rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
      <h2 id="site-channel-add" className="mb-3 text-sm font-semibold text-slate-200">
        {t.addHeading}
      </h2>
      {formError ? <ErrorBanner message={formError} className="mb-3" /> : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="md:w-56">
          <TextField
            id={IDS.name}
            label={t.name}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            error={errors.name}
            required
            readOnly={add.isPending}
            autoComplete="off"
            maxLength={64}
          />
        </div>
        <div className="min-w-0 md:flex-1">
          <TextField
            id={IDS.url}
            type="url"
            label={t.url}
            placeholder={t.urlPlaceholder}
            value={values.url}
            onChange={(event) => set('url', event.target.value)}
            error={errors.url}
            required
            readOnly={add.isPending}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="submit" loading={add.isPending} aria-disabled={add.isPending || undefined} className="md:mt-7">
          {add.isPending ? null : <Plus aria-hidden className="h-4 w-4" />}
          {t.add}
        </Button>
      </div>
    </form>
  );
}
