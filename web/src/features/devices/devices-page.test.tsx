import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionDevice, DeviceEntry } from '@heliodtu/contract/companion';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DevicesPage } from './devices-page';

const ROOF: DeviceEntry = {
  id: 'roof',
  name: 'Roof',
  url: 'http://192.168.1.50',
  user: 'admin',
  has_password: true,
  origin: 'env',
};
const GARAGE: DeviceEntry = {
  ...ROOF,
  id: 'garage',
  name: 'Garage',
  url: 'http://192.168.1.51',
  origin: 'screen',
};
const STATES: CompanionDevice[] = [
  { ...companionDeviceFixture, id: 'roof', name: 'Roof', git_hash: 'v24.11.7', inverter_count: 4 },
  {
    ...companionDeviceFixture,
    id: 'garage',
    name: 'Garage',
    reachable: false,
    unreachable_since: 1_764_000_100,
    connected_since: null,
    problem: { code: 'wrong-password', message: 'The device refused the login.' },
  },
];
/** The companion's answer to a wrong password (20006 with the probe's problem code). */
const WRONG_PASSWORD = {
  type: 'warning',
  code: 20006,
  message: 'The device refused the login (wrong password).',
  problem: 'wrong-password',
};
/** What the screen says instead of the companion's English line. */
const WRONG_PASSWORD_TEXT =
  "The device cannot be used: The device refused this password: enter the device's admin password.";

/** The companion with `entries`; every post kept with its action; answers from `answers`. */
function serve(
  answers: Partial<Record<string, object>> = {},
  listed: DeviceEntry[] = [ROOF, GARAGE],
  shared: number | null = null,
) {
  let entries = listed;
  let listings = 0;
  const posts: { action: string; data: unknown }[] = [];
  server.use(
    http.get('*/api/companion/status', () =>
      HttpResponse.json({ companion: true, devices: STATES }),
    ),
    http.get('*/api/companion/devices', () => {
      listings += 1;
      return HttpResponse.json({ devices: entries, shared_away_s: shared });
    }),
    http.post('*/api/companion/devices/:action', async ({ request, params }) => {
      const action = String(params['action']);
      const data = JSON.parse(String((await request.formData()).get('data'))) as Record<
        string,
        unknown
      >;
      posts.push({ action, data });
      const answer = answers[action] ?? { type: 'success', code: 1001, message: 'Settings saved!' };
      if ('type' in answer && answer.type === 'success' && action === 'order') {
        const order = data['order'] as string[];
        entries = order.map((id) => entries.find((entry) => entry.id === id)!);
      }
      return HttpResponse.json(answer);
    }),
  );
  return { posts, listedCount: () => listings };
}

async function renderPage(
  answers?: Partial<Record<string, object>>,
  route = '/settings/devices',
  listed?: DeviceEntry[],
  shared?: number | null,
) {
  const served = serve(answers, listed, shared);
  const view = renderWithProviders(<DevicesPage />, { route, loggedIn: true });
  await screen.findByTestId('device-list');
  return { ...view, ...served };
}

const names = () =>
  within(screen.getByTestId('device-list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.fw-semibold')?.textContent);

// jsdom does not scroll; a test puts a stand-in in place.
const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe('DevicesPage', () => {
  it('marks the device a link names (?dtu=, from its alerts) and brings it into view', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    await renderPage(undefined, '/settings/devices?dtu=garage');
    const garage = screen.getByTestId('device-garage');
    expect(garage).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('device-roof')).not.toHaveAttribute('aria-current');
    expect(scrolled).toEqual([garage]);
  });

  it('lists each device with its state; a DTU_URL device is read-only with a note', async () => {
    await renderPage();
    expect(names()).toEqual(['Roof', 'Garage']);
    const roof = screen.getByTestId('device-roof');
    await waitFor(() =>
      expect(within(roof).getByTestId('device-state')).toHaveTextContent(/Connected since/),
    );
    expect(roof).toHaveTextContent('v24.11.7');
    expect(within(roof).getByTestId('env-note')).toHaveTextContent('DTU_URL');
    expect(within(roof).queryByRole('button', { name: 'Edit' })).toBeNull();
    const garage = screen.getByTestId('device-garage');
    expect(within(garage).getByTestId('device-state')).toHaveTextContent(/Away since/);
    expect(within(garage).getByTestId('device-problem')).toHaveTextContent(/password/i);
    expect(within(garage).getByRole('button', { name: 'Remove' })).toBeEnabled();
  });

  it('an add the companion refuses shows its message, and nothing changes', async () => {
    const { user, posts, listedCount } = await renderPage({ add: WRONG_PASSWORD });
    const form = screen.getByTestId('device-form');
    await user.type(within(form).getByLabelText('Name'), 'Shed');
    await user.type(within(form).getByLabelText('Address (URL)'), 'http://192.168.1.52');
    await user.type(within(form).getByLabelText('Password'), 'wrong');
    const before = listedCount();
    await user.click(within(form).getByRole('button', { name: 'Add device' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(WRONG_PASSWORD_TEXT);
    expect(posts).toEqual([
      {
        action: 'add',
        data: { name: 'Shed', url: 'http://192.168.1.52', user: 'admin', password: 'wrong' },
      },
    ]);
    // The list was not reloaded and still holds the two devices; the input stays for a retry.
    expect(listedCount()).toBe(before);
    expect(names()).toEqual(['Roof', 'Garage']);
    expect(within(form).getByLabelText('Name')).toHaveValue('Shed');
  });

  it('tests a connection without saving', async () => {
    const { user, posts } = await renderPage({ test: WRONG_PASSWORD });
    const form = screen.getByTestId('device-form');
    await user.type(within(form).getByLabelText('Address (URL)'), 'http://192.168.1.52');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(WRONG_PASSWORD_TEXT);
    expect(posts).toEqual([
      { action: 'test', data: { url: 'http://192.168.1.52', user: 'admin', password: '' } },
    ]);
  });

  it('edits with the password left empty (kept) and reorders', async () => {
    const { user, posts } = await renderPage();
    await user.click(
      within(screen.getByTestId('device-garage')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
      'Leave the password empty to keep the stored one.',
    );
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Carport');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts[0]).toEqual({
      action: 'edit',
      data: { id: 'garage', name: 'Carport', url: GARAGE.url, user: 'admin', password: '' },
    });
    await user.click(screen.getByRole('button', { name: 'Move Garage up' }));
    await waitFor(() => expect(names()).toEqual(['Garage', 'Roof']));
    expect(posts[1]).toEqual({ action: 'order', data: { order: ['garage', 'roof'] } });
  });

  it('removes after a confirmation that says the history is kept', async () => {
    const { user, posts } = await renderPage();
    await user.click(
      within(screen.getByTestId('device-garage')).getByRole('button', { name: 'Remove' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/history is kept/);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(posts).toEqual([{ action: 'del', data: { id: 'garage' } }]));
  });
});

describe('DevicesPage with a device known by its MQTT topics', () => {
  const COTTAGE_URL = 'mqtt://192.168.1.5:1883/cottage/';
  /** Types an MQTT address and the broker's login, then tests; answers the alert's text. */
  async function testCottage(answer: object, login = { user: 'site', password: 'secret' }) {
    const { user, posts } = await renderPage({ test: answer });
    const form = screen.getByTestId('device-form');
    await user.type(within(form).getByLabelText('Address (URL)'), COTTAGE_URL);
    const userName = within(form).getByLabelText('User name');
    // OpenDTU's "admin" is no broker's user: an MQTT address clears the untouched default.
    expect(userName).toHaveValue('');
    if (login.user) await user.type(userName, login.user);
    await user.type(within(form).getByLabelText('Password'), login.password);
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const alert = await within(form).findByRole('alert');
    return { text: alert.textContent, posts };
  }
  const problem = (code: string) => ({
    type: 'warning',
    code: 20006,
    message: 'The companion says why in English.',
    problem: code,
  });

  it('says how to write a broker address beside the address field', async () => {
    await renderPage();
    expect(screen.getByLabelText('Address (URL)')).toHaveAccessibleDescription(
      /mqtt:\/\/broker:1883\/<base topic>.*broker's user name and password/,
    );
  });

  it("says the DTU's host name and how many inverters the test found", async () => {
    const { text, posts } = await testCottage({
      type: 'success',
      code: 20001,
      message: 'Found an OpenDTU "Cottage" by its topics with 3 inverters',
      found: { hostname: 'Cottage', inverters: 3 },
    });
    expect(text).toBe('Found the OpenDTU "Cottage" on the broker, with 3 inverters.');
    expect(posts).toEqual([
      { action: 'test', data: { url: COTTAGE_URL, user: 'site', password: 'secret' } },
    ]);
  });

  it('one inverter, and a DTU that publishes no host name', async () => {
    const { text } = await testCottage({
      type: 'success',
      code: 20001,
      message: 'Found an OpenDTU by its topics with 1 inverter',
      found: { hostname: '', inverters: 1 },
    });
    expect(text).toBe(
      'Found an OpenDTU on the broker (it publishes no host name), with 1 inverter.',
    );
  });

  it.each([
    ['wrong-password', 'The broker refused this login: check the user name and password.'],
    [
      'not-opendtu',
      "Nothing is published under this base topic: check the base topic in the DTU's MQTT settings.",
    ],
    ['refused', 'The broker cannot be reached: check its address and port.'],
    ['timeout', 'The broker cannot be reached: check its address and port.'],
  ])('says plainly why not (%s), in the words of a broker', async (code, reason) => {
    const { text } = await testCottage(problem(code));
    expect(text).toBe(`The device cannot be used: ${reason}`);
  });

  it('asks for a login the broker wants when none was typed', async () => {
    const { text } = await testCottage(problem('password-needed'), { user: '', password: 'x' });
    expect(text).toBe(
      'The device cannot be used: The broker asks for a login: enter its user name and password.',
    );
  });

  // ROOF is as an older companion lists it: without `source`.
  const COTTAGE: DeviceEntry = {
    ...GARAGE,
    id: 'cottage',
    name: 'Cottage',
    url: 'mqtts://broker.example:8883/cottage/',
    user: 'site',
    source: 'mqtt',
    away_s: 90,
  };
  const FLAT: DeviceEntry = {
    ...ROOF,
    id: 'flat',
    name: 'Flat',
    url: 'mqtt://192.168.1.5:1883/flat/',
    source: 'mqtt',
    away_s: null,
  };
  const REFUSED_AWAY = {
    type: 'warning',
    code: 20014,
    message: 'The away time must be a whole number of seconds from 10 to 3600, got 4000',
    param: { min: 10, max: 3600 },
  };

  it('shows how each device is reached and when one on a broker counts as away', async () => {
    await renderPage(undefined, undefined, [ROOF, COTTAGE, FLAT], 120);
    const row = (id: string, testId: string) =>
      within(screen.getByTestId(`device-${id}`)).queryByTestId(testId);
    expect(row('roof', 'device-source')).toHaveTextContent('Over HTTP');
    expect(row('roof', 'device-away')).toBeNull();
    expect(row('cottage', 'device-source')).toHaveTextContent(
      'Through the MQTT broker broker.example:8883 (TLS), base topic cottage/',
    );
    expect(row('cottage', 'device-away')).toHaveTextContent(/^90 s$/);
    // No time of its own: DTU_AWAY_S, said as such.
    expect(row('flat', 'device-source')).toHaveTextContent(
      'Through the MQTT broker 192.168.1.5:1883, base topic flat/',
    );
    expect(row('flat', 'device-away')).toHaveTextContent('120 s (DTU_AWAY_S)');
  });

  it('asks "Away after" only for a broker address, checks it and sends it', async () => {
    const { user, posts } = await renderPage({ add: REFUSED_AWAY });
    const form = screen.getByTestId('device-form');
    const address = within(form).getByLabelText('Address (URL)');
    await user.type(address, 'http://192.168.1.52');
    expect(within(form).queryByLabelText('Away after')).toBeNull();
    await user.clear(address);
    await user.type(address, 'mqtt://192.168.1.5:1883/shed/');
    const away = within(form).getByLabelText('Away after');
    expect(away).toHaveAccessibleDescription(
      /publish nothing .* 10 to 3600 seconds\. Empty: automatic \(3 × its publish interval, at least 60 s\)/,
    );
    await user.type(within(form).getByLabelText('Name'), 'Shed');
    await user.type(away, '5');
    await user.click(within(form).getByRole('button', { name: 'Add device' }));
    expect(away).toHaveAccessibleDescription(
      /Enter whole seconds from 10 to 3600, or leave it empty\./,
    );
    expect(away).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
    // The companion checks too (here it refuses): its refusal in the interface's words.
    await user.clear(away);
    await user.type(away, '600');
    await user.click(within(form).getByRole('button', { name: 'Add device' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The away time must be whole seconds from 10 to 3600, and only a device on an MQTT broker has one.',
    );
    expect(posts).toEqual([
      {
        action: 'add',
        data: {
          name: 'Shed',
          url: 'mqtt://192.168.1.5:1883/shed/',
          user: '',
          password: '',
          away_s: 600,
        },
      },
    ]);
  });

  it('sends the typed time, and an emptied one as automatic (null)', async () => {
    const { user, posts } = await renderPage(undefined, undefined, [ROOF, COTTAGE]);
    const form = screen.getByTestId('device-form');
    await user.type(within(form).getByLabelText('Name'), 'Shed');
    await user.type(within(form).getByLabelText('Address (URL)'), 'mqtt://b:1883/shed/');
    await user.type(within(form).getByLabelText('Away after'), '90');
    await user.click(within(form).getByRole('button', { name: 'Add device' }));
    await waitFor(() =>
      expect(posts[0]).toEqual({
        action: 'add',
        data: { name: 'Shed', url: 'mqtt://b:1883/shed/', user: '', password: '', away_s: 90 },
      }),
    );
    await user.click(
      within(screen.getByTestId('device-cottage')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog');
    const away = within(dialog).getByLabelText('Away after');
    expect(away).toHaveValue(90);
    await user.clear(away);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posts[1]).toEqual({
        action: 'edit',
        data: {
          id: 'cottage',
          name: 'Cottage',
          url: COTTAGE.url,
          user: 'site',
          password: '',
          away_s: null,
        },
      }),
    );
  });
});
