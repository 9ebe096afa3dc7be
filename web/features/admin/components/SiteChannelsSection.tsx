import { ExternalLink } from 'lucide-react';
import { useAdminMessages } from '../../staff/panel.tsx';
import { type Channel, type SiteChannelInput, siteChannelInputSchema } from '../../../../contract/index.ts';
import { TextField } from '../../staff/components/Field.tsx';
import { useAddSiteChannel, useDeleteSiteChannel, useSiteChannels } from '../api/site-channels.ts';
import { AddForm, ShortListSection, useAddForm } from './ShortList.tsx';


/** The channels of the /subscribe page; changes show there at once. */
export function SiteChannelsSection() {
  const t = useAdminMessages().siteChannels;
  const c = useAdminMessages().common;
  return (
    <ShortListSection<Channel>
      texts={t}
      query={useSiteChannels()}
      deleteMutation={useDeleteSiteChannel()}
      actions={
        <a href="/subscribe" target="_blank" rel="noopener" className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-violet-300 underline-offset-4 hover:underline">
          {t.viewPage}
          <ExternalLink aria-hidden className="h-4 w-4" />
          <span className="sr-only">{c.newTab}</span>
        </a>
      }
      addForm={(onAdded) => <AddChannelForm onAdded={onAdded} />}
      nameOf={(channel) => channel.name}
    >
      {(channel) => (
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold text-white">{channel.name}</p>
          <p title={channel.url} className="truncate text-sm text-slate-400">
            {channel.url}
          </p>
        </div>
      )}
    </ShortListSection>
  );
}

type Field = keyof SiteChannelInput;
const FIELDS: readonly Field[] = ['name', 'url'];
const IDS: Record<Field, string> = { name: 'site-channel-name', url: 'site-channel-url' };

/** Name and URL, validated with the contract's siteChannelInputSchema (https:// links only), worded for people. */
function AddChannelForm({ onAdded }: { onAdded: () => void }) {
  const t = useAdminMessages().siteChannels;
  const form = useAddForm({ schema: siteChannelInputSchema, empty: { name: '', url: '' }, fields: FIELDS, ids: IDS, mutation: useAddSiteChannel(), texts: t, onAdded });
  return (
    <AddForm id="site-channel-add" heading={t.addHeading} submitLabel={t.add} form={form}>
      <div className="md:w-56">
        <TextField
          id={IDS.name}
          label={t.name}
          value={form.values.name}
          onChange={(event) => form.set('name', event.target.value)}
          error={form.errors.name}
          required
          readOnly={form.pending}
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
          value={form.values.url}
          onChange={(event) => form.set('url', event.target.value)}
          error={form.errors.url}
          required
          readOnly={form.pending}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
    </AddForm>
  );
}
