import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devInfoFixture } from '@heliodtu/contract/fixtures/dev-info';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { liveHandlers } from '../testing/live-handlers';
import { DevInfoDialog } from './dev-info-dialog';
import { EventLogDialog } from './event-log-dialog';
import { decimalsOf, GridProfileDialog, hexByte } from './grid-profile-dialog';

const HM800 = '114182352592';
const noop = () => undefined;

const rowValue = (label: string) =>
  screen.getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;

describe('EventLogDialog', () => {
  it('lists the events with times of day as HH:MM:SS, asking in the interface language', async () => {
    let query = '';
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get('*/api/eventlog/status', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({
          count: 2,
          events: [
            { message_id: 1, message: 'Inverter start', start_time: 19805, end_time: 19805 },
            { message_id: 13, message: 'Grid frequency mutation', start_time: 43050, end_time: 0 },
          ],
        });
      }),
    );
    renderWithProviders(<EventLogDialog open serial={HM800} onClose={noop} />);
    const dialog = await screen.findByRole('dialog', { name: 'Event log' });
    expect(await within(dialog).findByText('Inverter start')).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('05:30:0505:30:051Inverter start');
    expect(rows[2]).toHaveTextContent('11:57:30ongoing13Grid frequency mutation');
    expect(query).toBe(`?inv=${HM800}&locale=en`);
  });

  it('says so when there are no events', async () => {
    server.use(liveHandlers.eventLog({ count: 0, events: [] }));
    renderWithProviders(<EventLogDialog open serial={HM800} onClose={noop} />);
    expect(await screen.findByText('The inverter reports no events.')).toBeInTheDocument();
  });
});

describe('DevInfoDialog', () => {
  it('shows versions, production date and model', async () => {
    server.use(liveHandlers.devInfo());
    renderWithProviders(<DevInfoDialog open serial={HM800} onClose={noop} />);
    await screen.findByRole('rowheader', { name: 'Model' });
    expect(rowValue('Model')).toBe('HM-800-2T');
    expect(rowValue('Serial number')).toBe(HM800);
    // 0x114182352592: year nibble 8 → 2022, week byte 0x23.
    expect(rowValue('Production year')).toBe('2022');
    expect(rowValue('Production week')).toBe('23');
    expect(rowValue('Detected maximum power')).toBe('800 W');
    expect(rowValue('Bootloader version')).toBe('0.1.4');
    expect(rowValue('Firmware version')).toBe('1.0.10');
    expect(rowValue('Firmware build date')).toBe('2021-11-01 08:42:00');
    expect(rowValue('Hardware part number')).toBe('269561857');
    expect(rowValue('Hardware version')).toBe('01.00');
  });

  it('says no information while the data is not valid', async () => {
    server.use(liveHandlers.devInfo({ ...devInfoFixture, valid_data: false }));
    renderWithProviders(<DevInfoDialog open serial={HM800} onClose={noop} />);
    expect(await screen.findByText('No information available')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('warns about an unknown model', async () => {
    server.use(liveHandlers.devInfo({ ...devInfoFixture, hw_model_name: '', max_power: 0 }));
    renderWithProviders(<DevInfoDialog open serial={HM800} onClose={noop} />);
    expect(await screen.findByText(/Unknown model/)).toBeInTheDocument();
    expect(rowValue('Detected maximum power')).toBe('–');
  });
});

describe('GridProfileDialog', () => {
  it('shows name, version, sections with enabled/disabled, and the raw bytes as hex', async () => {
    server.use(...liveHandlers.gridProfile());
    const { user } = renderWithProviders(<GridProfileDialog open serial={HM800} onClose={noop} />);
    expect(await screen.findByText('XX - EN 50549-1:2019')).toBeInTheDocument();
    expect(screen.getByText('2.0.1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltage (H/LVRT)' }));
    const voltage = screen.getByRole('region', { name: 'Voltage (H/LVRT)' });
    expect(within(voltage).getByText('Low Voltage 1 (LV1)').closest('tr')).toHaveTextContent(
      'Low Voltage 1 (LV1)195.5V',
    );
    const raw = screen.getByRole('button', { name: 'Raw data (140 bytes)' });
    await user.click(raw);
    expect(screen.getByTestId('grid-profile-raw').textContent).toMatch(/^0A 00 20 01 00 0C 08 FC/);
    expect(screen.getAllByText(/^(enabled|disabled)$/).length).toBeGreaterThan(0);
  });

  it('counts a profile whose bytes sum to 0 as not read yet', async () => {
    server.use(
      ...liveHandlers.gridProfile(
        { name: 'Unknown', version: '0.0.0', sections: [] },
        { raw: [0, 0] },
      ),
    );
    renderWithProviders(<GridProfileDialog open serial={HM800} onClose={noop} />);
    expect(await screen.findByText('No information available')).toBeInTheDocument();
  });

  it('formats bytes and decimals', () => {
    expect([0, 10, 255].map(hexByte)).toEqual(['00', '0A', 'FF']);
    expect([230, 195.5, 0.95, 1.23456].map(decimalsOf)).toEqual([0, 1, 2, 3]);
  });
});
