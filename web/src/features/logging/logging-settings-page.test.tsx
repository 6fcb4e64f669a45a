import { screen, waitFor } from '@testing-library/react';
import type { LoggingConfig } from '@heliodtu/contract/logging';
import { describe, expect, it } from 'vitest';
import { detectFirmwareGeneration } from '@/lib/firmware-generation';
import { answerGet, firmwareStatus, recordPosts, SAVED } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LoggingSettingsPage } from './logging-settings-page';

const CONFIG: LoggingConfig = {
  loglevel: {
    default: 3,
    modules: [
      { name: 'core', level: -1 },
      { name: 'mqtt', level: 1 },
      { name: 'webapi', level: -1 },
    ],
  },
};

async function renderPage(answer: object = SAVED) {
  const post = recordPosts('api/logging/config', answer);
  server.use(firmwareStatus('v26'), answerGet('api/logging/config', CONFIG), post.handler);
  const view = renderWithProviders(<LoggingSettingsPage />, {
    route: '/settings/logging',
    loggedIn: true,
  });
  await screen.findByRole('combobox', { name: 'Default log level' });
  return { ...view, post };
}

const select = (name: string) => screen.getByRole('combobox', { name });
const selected = (name: string) =>
  (select(name) as HTMLSelectElement).selectedOptions[0]?.textContent;

describe('LoggingSettingsPage', () => {
  it('shows the default level and each module, inheriting ones as "Default (…)"', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Logging Settings' })).toBeVisible();
    expect(selected('Default log level')).toBe('3 · Info');
    expect(selected('core')).toBe('Default (Info)');
    expect(selected('mqtt')).toBe('1 · Error');
    expect(selected('webapi')).toBe('Default (Info)');
    // Six levels for the default, and "inherit" besides for a module.
    expect(select('Default log level').querySelectorAll('option')).toHaveLength(6);
    expect(select('core').querySelectorAll('option')).toHaveLength(7);
  });

  it('names the inherited level after the default as it is changed', async () => {
    const { user } = await renderPage();
    await user.selectOptions(select('Default log level'), '5');
    expect(selected('core')).toBe('Default (Verbose)');
  });

  it('saves the default and every module level as numbers and shows the result', async () => {
    const { user, post } = await renderPage();
    await user.selectOptions(select('Default log level'), '2');
    await user.selectOptions(select('mqtt'), '-1');
    await user.selectOptions(select('webapi'), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([
      {
        loglevel: {
          default: 2,
          modules: [
            { name: 'core', level: -1 },
            { name: 'mqtt', level: -1 },
            { name: 'webapi', level: 4 },
          ],
        },
      },
    ]);
  });

  it('shows a refusal of the device translated', async () => {
    const { user } = await renderPage({
      type: 'warning',
      message: 'Values are missing!',
      code: 1005,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-warning');
    expect(alert).toHaveTextContent('Some required values are missing or have the wrong type.');
  });

  it('on a v24 device says the firmware has no logging settings and asks nothing', async () => {
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/logging/')) asked += 1;
    });
    server.use(firmwareStatus('v24'));
    await detectFirmwareGeneration();
    renderWithProviders(<LoggingSettingsPage />, { route: '/settings/logging', loggedIn: true });
    expect(await screen.findByRole('status')).toHaveTextContent('no logging settings');
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    expect(asked).toBe(0);
    server.events.removeAllListeners();
  });
});
