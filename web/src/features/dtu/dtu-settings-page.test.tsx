import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerGet, recordPosts, SAVED } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { DtuConfigAnswer } from './dtu-form';
import { DtuSettingsPage } from './dtu-settings-page';
import { DTU_CONFIG } from './testing/dtu-config';

async function renderPage(config: DtuConfigAnswer = DTU_CONFIG) {
  const post = recordPosts('api/dtu/config', SAVED);
  server.use(answerGet('api/dtu/config', config), post.handler);
  const view = renderWithProviders(<DtuSettingsPage />, { route: '/settings/dtu', loggedIn: true });
  await screen.findByLabelText('Serial number');
  return { ...view, post };
}

const slider = (name: string) => screen.getByRole('slider', { name });

describe('DtuSettingsPage', () => {
  it('shows the gateway values with both radios', async () => {
    await renderPage();
    expect(screen.getByLabelText('Serial number')).toHaveValue('199980112345');
    expect(screen.getByLabelText('Poll interval')).toHaveValue(5);
    expect(screen.getByRole('combobox', { name: 'NRF24 transmit power' })).toHaveDisplayValue(
      'Minimum (-18 dBm)',
    );
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveDisplayValue(
      'Europe (860.25 MHz – 923.50 MHz)',
    );
    expect(slider('Frequency')).toHaveAttribute('aria-valuetext', '865.00 MHz');
    expect(slider('Frequency')).toHaveAttribute('step', '250000');
    expect(slider('CMT2300A transmit power')).toHaveAttribute('aria-valuetext', '0 dBm');
  });

  const NRF_FIELDS = ['NRF24 transmit power'];
  const CMT_FIELDS = ['CMT2300A transmit power', 'Region', 'Frequency'];

  it.each([
    ['only the NRF24', { cmt_enabled: false }, NRF_FIELDS, CMT_FIELDS],
    ['only the CMT2300A', { nrf_enabled: false }, CMT_FIELDS, NRF_FIELDS],
    ['both radios', {}, [...NRF_FIELDS, ...CMT_FIELDS], []],
  ])('shows the fields of %s', async (_name, change, shown, hidden) => {
    await renderPage({ ...DTU_CONFIG, ...change });
    for (const label of shown) expect(screen.getByLabelText(label)).toBeVisible();
    for (const label of hidden) expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the Device Manager' })).toBeNull();
  });

  it('says no radio is wired when neither exists', async () => {
    await renderPage({ ...DTU_CONFIG, nrf_enabled: false, cmt_enabled: false });
    expect(screen.queryByLabelText(/transmit power/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the Device Manager' })).toHaveAttribute(
      'href',
      '/settings/device',
    );
  });

  it('a new country moves the frequency to its default and the slider to its range', async () => {
    const { user, post } = await renderPage({ ...DTU_CONFIG, cmt_frequency: 869_000_000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), '1');
    const frequency = slider('Frequency');
    expect(frequency).toHaveAttribute('aria-valuetext', '918.00 MHz');
    expect(frequency).toHaveAttribute('min', '900250000');
    expect(frequency).toHaveAttribute('max', '963500000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post.received).toHaveLength(1));
    expect(post.received[0]).toMatchObject({ cmt_country: 1, cmt_frequency: 918_000_000 });
  });

  it('warns in red outside the legal band and not inside it', async () => {
    await renderPage();
    expect(screen.queryByText(/outside the legal range/)).toBeNull();
    fireEvent.change(slider('Frequency'), { target: { value: '871000000' } });
    const warning = screen.getByText(/outside the legal range/);
    expect(warning).toHaveClass('alert-danger');
    expect(warning).toHaveTextContent('863.00 MHz – 870.00 MHz');
    expect(slider('Frequency')).toHaveAttribute('aria-valuetext', '871.00 MHz');
    fireEvent.change(slider('Frequency'), { target: { value: '869750000' } });
    expect(screen.queryByText(/outside the legal range/)).toBeNull();
  });

  it('sends nothing for a poll interval of 0 and says what to enter', async () => {
    const { user, post } = await renderPage();
    const poll = screen.getByLabelText('Poll interval');
    await user.clear(poll);
    await user.type(poll, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number from 1 to 86400.')).toBeVisible();
    await waitFor(() => expect(poll).toHaveFocus());
    expect(post.received).toEqual([]);
  });

  it('posts the whole object with the changed NRF level and shows the result', async () => {
    const { user, post } = await renderPage();
    const level = screen.getByRole('combobox', { name: 'NRF24 transmit power' });
    expect(
      within(level)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Minimum (-18 dBm)', 'Low (-12 dBm)', 'High (-6 dBm)', 'Maximum (0 dBm)']);
    await user.selectOptions(level, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([{ ...DTU_CONFIG, nrf_palevel: 2 }]);
  });

  it.each([
    ['a string (v24 hex digits, v26 decimal digits)', '199980112345', '199980112346'],
    ['a number', 199_980_112_345, 199_980_112_346],
  ])(
    'takes the serial as %s, shows it the same and posts it back so',
    async (_kind, sent, back) => {
      const { user, post } = await renderPage({ ...DTU_CONFIG, serial: sent });
      const serial = screen.getByLabelText('Serial number');
      expect(serial).toHaveValue('199980112345');
      await user.clear(serial);
      await user.type(serial, '199980112346');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
      expect(post.received).toEqual([{ ...DTU_CONFIG, serial: back }]);
    },
  );

  it('keeps a serial sent as a number to digits, and sends nothing otherwise', async () => {
    const { user, post } = await renderPage({ ...DTU_CONFIG, serial: 199_980_112_345 });
    const serial = screen.getByLabelText('Serial number');
    await user.clear(serial);
    await user.type(serial, '19998011234A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(serial).toHaveAttribute('aria-invalid', 'true'));
    expect(post.received).toEqual([]);
  });
});
