import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AlertsPage } from './alerts-page';
import { alertOf, STATUS } from './testing/alert-samples';

const device = (id: string, name: string): CompanionDevice => ({
  id,
  name,
  url: `http://dtu-${id}.example`,
  git_hash: 'v24.11.7',
  reachable: id !== 'barn',
  unreachable_since: null,
  problem: null,
  origin: 'screen',
  connected_since: null,
  inverter_count: 1,
  default_password: false,
});

describe('AlertsPage (issue 28)', () => {
  it('lists the open alerts first, then the cleared ones, with links to the live view', async () => {
    server.use(answerGet('api/alerts/status', STATUS));
    renderWithProviders(<AlertsPage />, { route: '/alerts', loggedIn: true });
    const open = await screen.findAllByTestId('alert-open');
    const recent = screen.getAllByTestId('alert-recent');
    expect(open).toHaveLength(2);
    expect(recent).toHaveLength(1);
    // Document order: every open item before the cleared one.
    for (const item of open) {
      expect(
        item.compareDocumentPosition(recent[0]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect(open[0]).toHaveTextContent('Garage roof does not answer');
    expect(within(open[0]!).getByRole('link', { name: 'Garage roof' })).toHaveAttribute(
      'href',
      '/?inverter=116491234567',
    );
    expect(within(open[1]!).getByRole('link', { name: 'String West 1 of House' })).toHaveAttribute(
      'href',
      '/?inverter=114182345678&string=1',
    );
    // A device alert has no inverter to link to.
    expect(recent[0]).toHaveTextContent('The radio module is missing or not connected');
    expect(within(recent[0]!).queryByRole('link')).toBeNull();
    expect(recent[0]).toHaveTextContent('This gateway');
    expect(within(recent[0]!).getAllByRole('time')).toHaveLength(2);
  });

  it('counts "… ago" on the gateway\'s clock, which may stand in another year than the browser\'s', async () => {
    // The gateway's clock says mid-June 2025 (a simulated one); the browser's is today's.
    server.use(answerGet('api/alerts/status', STATUS));
    renderWithProviders(<AlertsPage />, { route: '/alerts', loggedIn: true });
    const open = await screen.findAllByTestId('alert-open');
    // Opened 5 minutes before the gateway's `now`.
    expect(within(open[0]!).getAllByRole('time')[0]).toHaveTextContent(/^5 minutes ago \(/);
    const recent = screen.getAllByTestId('alert-recent');
    expect(within(recent[0]!).getAllByRole('time')[1]).toHaveTextContent(/^3 hours ago \(/);
    expect(screen.queryByText(/days ago/)).toBeNull();
  });

  it('translates a fault alert from its kind, class and code', async () => {
    server.use(
      answerGet('api/alerts/status', {
        ...STATUS,
        open: [alertOf({ kind: 'event-fault', fault: 'grid-voltage', code: 205, text: 'x' })],
        recent: [],
      }),
    );
    renderWithProviders(<AlertsPage />, { route: '/alerts', loggedIn: true });
    expect(
      await screen.findByText('Garage roof reported a fault: grid voltage (event 205)'),
    ).toBeVisible();
    expect(screen.getByText('No alert cleared in the last 30 days.')).toBeVisible();
  });

  it('says so on a gateway without alerts', async () => {
    renderWithProviders(<AlertsPage />, { route: '/alerts', loggedIn: true });
    expect(await screen.findByText('This gateway does not raise alerts.')).toBeVisible();
  });

  it("names a companion's device and links to its entry on the Devices screen, and to the inverter of that device", async () => {
    server.use(
      http.get('*/api/companion/status', () =>
        HttpResponse.json({
          companion: true,
          devices: [device('roof', 'Roof DTU'), device('barn', 'Barn DTU')],
        }),
      ),
      answerGet('api/alerts/status', {
        ...STATUS,
        open: [
          alertOf({ id: 7, kind: 'device-away', device: 'barn', serial: null, name: '' }),
          // The same serial is on both devices: the link must open the barn's.
          alertOf({ id: 8, device: 'barn' }),
        ],
        recent: [],
      }),
    );
    renderWithProviders(<AlertsPage />, { route: '/alerts', loggedIn: true });
    const open = await screen.findAllByTestId('alert-open');
    expect(open[0]).toHaveTextContent('The OpenDTU device does not answer');
    const deviceLink = await within(open[0]!).findByRole('link', { name: 'Barn DTU' });
    expect(deviceLink).toHaveAttribute('href', '/settings/devices?dtu=barn');
    expect(open[0]).not.toHaveTextContent('barn');
    expect(within(open[1]!).getByRole('link', { name: 'Garage roof on Barn DTU' })).toHaveAttribute(
      'href',
      `/?inverter=${encodeURIComponent('barn/116491234567')}`,
    );
  });
});
