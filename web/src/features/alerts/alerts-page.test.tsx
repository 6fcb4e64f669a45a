import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AlertsPage } from './alerts-page';
import { alertOf, STATUS } from './testing/alert-samples';

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
});
