import { createRoot } from 'react-dom/client';
import { ShellNotices } from './shell-notices';
import { startShellWorker } from './shell-worker';

/**
 * The installable shell (issue 16; the normal build only, loaded by main.tsx after the first
 * screen): the service worker, the gateway probe and its notices, in a React root of their own
 * so the first load carries none of it.
 */
export function startShell(): void {
  startShellWorker();
  const host = document.createElement('div');
  host.id = 'shell-notices';
  // Sticky at the bottom of the window, and after the last content at the end of the page so it
  // never hides it; above the page and the fixed navbar (1030), below dialogs (1055).
  host.className = 'position-sticky bottom-0';
  host.style.zIndex = '1035';
  document.body.append(host);
  createRoot(host).render(<ShellNotices />);
}
