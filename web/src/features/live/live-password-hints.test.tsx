import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { liveDataStatusFixture } from '@heliodtu/contract/fixtures/live-data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PasswordHints } from './components/password-hints';
import { LivePage } from './live-page';
import { liveActions } from './live-store';
import { liveHandlers } from './testing/live-handlers';

/** The live data as sent: `ownDefault` is the hint of the login the browser uses. */
function serveLive(ownDefault: boolean, companion: readonly CompanionDevice[] | null) {
  server.use(
    liveHandlers.status({
      ...liveDataStatusFixture,
      hints: { ...liveDataStatusFixture.hints, default_password: ownDefault },
    }),
    liveHandlers.systemStatus(),
    liveHandlers.ntpStatus(),
    http.get('*/api/companion/status', () =>
      HttpResponse.json(
        companion ? { companion: true, devices: companion } : { companion: false, devices: [] },
      ),
    ),
  );
  renderWithProviders(<LivePage />);
}

const device = (id: string, name: string, defaultPassword: boolean | null): CompanionDevice => ({
  ...companionDeviceFixture,
  id,
  name,
  url: `http://${id}.local`,
  default_password: defaultPassword,
});

/** The text as read: the icon's markup adds white space. */
const shownText = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ').trim();

beforeEach(() => liveActions.reset());

describe('the default-password hint (issue 34)', () => {
  it('on a device: its web interface and its emergency access point', async () => {
    serveLive(true, null);
    await screen.findByTestId('hint-password');
    await expect
      .poll(() => shownText(screen.getByTestId('hint-password')))
      .toBe(
        'The web interface and the emergency access point still use the default password. ' +
          'Anyone nearby could take control. Change the password.',
      );
    expect(screen.queryByTestId('hint-device-password')).toBeNull();
  });

  it('on a companion: its own login, no access point; and the devices behind it by name', async () => {
    serveLive(true, [
      device('roof', 'Roof', true),
      device('garage', 'Garage', false),
      device('barn', 'Barn', true),
      device('shed', 'Shed', null),
    ]);
    // The neutral words first, then the companion's once its texts came (a new element).
    await expect
      .poll(() => shownText(screen.getByTestId('hint-password')))
      .toMatch(/^The companion's own login/);
    const own = screen.getByTestId('hint-password');
    expect(own).toHaveTextContent(
      "The companion's own login for its web interface and API still uses the default password.",
    );
    expect(own.textContent).not.toMatch(/access point/);
    expect(within(own).getByRole('link', { name: 'Change the password.' })).toHaveAttribute(
      'href',
      '/settings/security',
    );

    const devices = await screen.findByTestId('hint-device-password');
    expect(devices).toHaveTextContent(
      'These devices behind this companion still use the default password for their own web ' +
        'interface and emergency access point: Roof, Barn.',
    );
    // Each name opens that device's own interface, where its password is changed.
    const links = within(devices).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Roof', 'http://roof.local'],
      ['Barn', 'http://barn.local'],
    ]);
  });

  it("on a companion whose own password was changed: only the device's hint", async () => {
    serveLive(false, [device('dtu', 'dtu', true)]);
    const devices = await screen.findByTestId('hint-device-password');
    expect(devices).toHaveTextContent(
      'The device dtu behind this companion still uses the default password for its own web ' +
        'interface and emergency access point.',
    );
    expect(screen.queryByTestId('hint-password')).toBeNull();
  });

  it('on a companion whose devices have passwords of their own: none about them', async () => {
    serveLive(true, [device('roof', 'Roof', false), device('barn', 'Barn', null)]);
    // The neutral words first, then the companion's once its texts came (a new element).
    await expect
      .poll(() => shownText(screen.getByTestId('hint-password')))
      .toMatch(/^The companion's own login/);
    expect(screen.queryByTestId('hint-device-password')).toBeNull();
  });

  it('before the gateway said what it is (the page rendered on it): what is true of both', () => {
    renderWithProviders(<PasswordHints ownDefault gateway={{ kind: 'unknown' }} />);
    expect(shownText(screen.getByTestId('hint-password'))).toBe(
      'The login of this gateway still uses the default password. Anyone who can reach it ' +
        'could take control. Change the password.',
    );
  });
});
