import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerGet, recordPosts, SAVED } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DeviceManagerPage } from './device-manager-page';
import { DEVICE_CONFIG, PIN_FILE } from './testing/device-config';

type PinFileAnswer = 'none' | 'broken' | unknown[];

async function renderPage(pinFile: PinFileAnswer = PIN_FILE, config = DEVICE_CONFIG) {
  const post = recordPosts('api/device/config', SAVED);
  const file = http.get('*/api/file/get', ({ request }) => {
    expect(new URL(request.url).searchParams.get('file')).toBe('pin_mapping.json');
    if (pinFile === 'none') return new HttpResponse(null, { status: 404 });
    if (pinFile === 'broken') return HttpResponse.text('[{"name": ', { status: 200 });
    return HttpResponse.json(pinFile);
  });
  // A device without the file does not list it, and the page then does not ask for it.
  const listed = pinFile === 'none' ? [] : [{ name: 'pin_mapping.json', size: 1234 }];
  server.use(
    answerGet('api/device/config', config),
    answerGet('api/file/list', [{ name: 'config.json', size: 2048 }, ...listed]),
    file,
    post.handler,
  );
  const view = renderWithProviders(<DeviceManagerPage />, {
    route: '/settings/device',
    loggedIn: true,
  });
  const profile = await screen.findByRole('combobox', { name: 'Profile' });
  return { ...view, post, profile };
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('DeviceManagerPage', () => {
  it("offers 'Default' and the file's profiles sorted by name", async () => {
    const { profile } = await renderPage();
    await waitFor(() =>
      expect(optionTexts(profile)).toEqual([
        'Default (built-in pins)',
        'Alpha board',
        'Zeta board',
      ]),
    );
    expect(profile).toHaveValue('Default');
  });

  it('a missing pin mapping file (404) means only Default, without an error', async () => {
    const { profile } = await renderPage('none');
    await waitFor(() => expect(optionTexts(profile)).toEqual(['Default (built-in pins)']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unreadable pin mapping file shows the parse error', async () => {
    await renderPage('broken');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The pin mapping file could not be read: /,
    );
  });

  it('shows the links of the chosen profile and highlights the differing pins', async () => {
    const { user, profile, post } = await renderPage();
    const nrf = screen.getByRole('table', { name: /^NRF24/ });
    expect(within(nrf).queryAllByText('(differs)', { exact: false })).toHaveLength(0);
    await waitFor(() => expect(optionTexts(profile)).toHaveLength(3));
    await user.selectOptions(profile, 'Zeta board');
    expect(screen.getByRole('link', { name: 'Wiring guide' })).toHaveAttribute(
      'href',
      'https://example.org/zeta',
    );
    const clk = within(nrf).getByRole('row', { name: /^clk/ });
    expect(clk).toHaveClass('table-warning');
    expect(
      within(clk)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '18']);
    expect(within(nrf).getByRole('row', { name: /^en/ })).not.toHaveClass('table-warning');
    const leds = screen.getByRole('table', { name: /^LEDs/ });
    expect(within(leds).getByRole('row', { name: /^led0/ })).toHaveTextContent('25–not set');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post.received).toHaveLength(1));
    expect(post.received[0]).toEqual({
      ...DEVICE_CONFIG,
      curPin: { ...DEVICE_CONFIG.curPin, name: 'Zeta board' },
    });
  });

  it('tabs follow the WAI-ARIA pattern with arrow keys, Home and End', async () => {
    const { user } = await renderPage();
    const pins = screen.getByRole('tab', { name: 'Pin assignment' });
    expect(pins).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Pin assignment' })).toBeVisible();
    pins.focus();
    await user.keyboard('{ArrowRight}');
    const display = screen.getByRole('tab', { name: 'Display' });
    expect(display).toHaveFocus();
    expect(display).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Display' })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: 'Pin assignment' })).toBeNull();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'LEDs' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(pins).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'LEDs' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(pins).toHaveAttribute('tabindex', '0');
    expect(display).toHaveAttribute('tabindex', '-1');
  });

  it('keeps LEDs equal while the switch is on and separate when off', async () => {
    const { user, post } = await renderPage('none', {
      ...DEVICE_CONFIG,
      led: [{ brightness: 30 }, { brightness: 80 }],
    });
    await user.click(screen.getByRole('tab', { name: 'LEDs' }));
    const equal = screen.getByRole('switch', { name: 'Same brightness for all LEDs' });
    const led0 = screen.getByRole('slider', { name: 'LED 0 brightness' });
    const led1 = screen.getByRole('slider', { name: 'LED 1 brightness' });
    expect(equal).not.toBeChecked();
    fireEvent.change(led1, { target: { value: '60' } });
    expect(led0).toHaveValue('30');
    await user.click(equal);
    expect(led1).toHaveValue('30');
    fireEvent.change(led1, { target: { value: '45' } });
    expect(led0).toHaveValue('45');
    expect(led0).toHaveAttribute('aria-valuetext', '45%');
    await user.click(equal);
    fireEvent.change(led0, { target: { value: '10' } });
    expect(led1).toHaveValue('45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post.received).toHaveLength(1));
    expect(post.received[0]).toEqual({
      ...DEVICE_CONFIG,
      curPin: { ...DEVICE_CONFIG.curPin, name: 'Default' },
      led: [{ brightness: 10 }, { brightness: 45 }],
    });
  });

  it('a bad diagram duration opens its tab, focuses it and sends nothing', async () => {
    const { user, post } = await renderPage('none');
    await user.click(screen.getByRole('tab', { name: 'Display' }));
    const duration = screen.getByLabelText('Diagram time span');
    await user.clear(duration);
    await user.type(duration, '599');
    await user.click(screen.getByRole('tab', { name: 'LEDs' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number from 600 to 86400.')).toBeVisible();
    expect(screen.getByRole('tab', { name: /^Display/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^Display/ })).toHaveAccessibleName(
      /^Display\s*\(contains invalid values\)$/,
    );
    await waitFor(() => expect(duration).toHaveFocus());
    expect(post.received).toEqual([]);
  });

  it('saves display settings and shows the result; Cancel brings back the gateway values', async () => {
    const { user, post } = await renderPage('none');
    await user.click(screen.getByRole('tab', { name: 'Display' }));
    const rotation = screen.getByRole('combobox', { name: 'Rotation' });
    expect(optionTexts(screen.getByRole('combobox', { name: 'Display language' }))).toEqual(
      expect.arrayContaining(['English', 'Deutsch', 'Français']),
    );
    await user.selectOptions(rotation, '1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Rotation' })).toHaveDisplayValue(
        'Upside down (180°)',
      ),
    );
    expect(screen.getByRole('tab', { name: 'Display' })).toHaveAttribute('aria-selected', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Diagram' }), '2');
    await user.click(screen.getByRole('switch', { name: 'Power saving' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([
      {
        ...DEVICE_CONFIG,
        curPin: { ...DEVICE_CONFIG.curPin, name: 'Default' },
        display: { ...DEVICE_CONFIG.display, diagrammode: 2, power_safe: false },
      },
    ]);
  });
});
