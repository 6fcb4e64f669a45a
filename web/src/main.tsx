import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { ensureFullCatalog, startI18n } from '@/lib/i18n/i18n-store';
import { startTheme } from '@/lib/theme-store';
import { hydrateLivePage } from '@/ssr/hydrate-live';
import { takeEarlyClick } from '@/ssr/early-clicks';
import { readRenderedState } from '@/ssr/rendered-state';
import './styles/app.scss';

/** The interface rendered in the browser alone (every page the gateway did not render). */
function renderAfresh(container: HTMLElement) {
  // A rendered page that could not be hydrated: its markup and any click kept on it are gone.
  if (import.meta.env.MODE !== 'firmware') takeEarlyClick();
  const root = createRoot(container);
  // Wait briefly for the chosen language so the first paint is not in the wrong one.
  const shortly = new Promise((resolve) => window.setTimeout(resolve, 1500));
  void Promise.race([startI18n(), shortly]).then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // The rest of the English texts, once the first screen is up: menus lead there next.
    window.setTimeout(() => void ensureFullCatalog(), 2000);
  });
}

startTheme();
const container = document.getElementById('root');
if (container) {
  // The gateway rendered the live page with its data (issue 26): hydrate that markup. Never on
  // the firmware build (the device renders nothing), which leaves the code out.
  const rendered = import.meta.env.MODE === 'firmware' ? null : readRenderedState(document);
  if (import.meta.env.MODE !== 'firmware' && rendered) {
    void hydrateLivePage(container, rendered).then((hydrating) => {
      if (!hydrating) renderAfresh(container);
      else window.setTimeout(() => void ensureFullCatalog(), 2000);
    });
  } else {
    renderAfresh(container);
  }
}

// The installable shell (issue 16): service worker, update check and offline notice, fetched
// after the page has loaded; `MODE` is a build-time constant, so the firmware build has none of it.
if (import.meta.env.PROD && import.meta.env.MODE !== 'firmware') {
  window.addEventListener(
    'load',
    () => void import('@/lib/shell/start-shell').then((m) => m.startShell()),
  );
}
