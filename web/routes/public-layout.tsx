import { Outlet } from 'react-router';
import { Footer } from '../components/layout/Footer.tsx';
import { Header } from '../components/layout/Header.tsx';
import { useI18n } from '../i18n/messages.ts';

/** The public area's shared header and footer (docs/product.md#header-and-footer). */
export default function PublicLayout() {
  const { m } = useI18n();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-violet-600 focus:px-3 focus:py-2">
        {m.common.nav.skipToContent}
      </a>
      <Header />
      <div id="content" className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
