import { SiteChannelsSection } from '../../features/admin/components/SiteChannelsSection.tsx';

/** /admin/dashboard/site-channels: the channels of /subscribe. */
export default function AdminSiteChannelsRoute() {
  return <SiteChannelsSection />;
}
