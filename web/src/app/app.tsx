import { NavBar } from '@/components/layout/nav-bar';
import { useT } from '@/lib/i18n/use-t';
import { ErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { ScrollToTop } from './scroll-to-top';

function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="visually-hidden-focusable position-absolute top-0 start-0 m-2 p-2 bg-body z-3"
      // The <base> element would turn "#main" into a page load; move focus instead.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      {t('base.SkipToContent')}
    </a>
  );
}

/** The interface; `ssrPath` when the gateway renders it on the server (ssr/render-live.tsx). */
export function App({ ssrPath }: { ssrPath?: string } = {}) {
  return (
    <ErrorBoundary>
      <Providers {...(ssrPath !== undefined ? { ssrPath } : {})}>
        <SkipLink />
        <NavBar />
        <ScrollToTop />
        <AppRoutes />
      </Providers>
    </ErrorBoundary>
  );
}
