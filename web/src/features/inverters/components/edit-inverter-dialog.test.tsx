import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordPosts } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { InverterAdminPage } from '../inverter-admin-page';
import type { Inverter } from '@heliodtu/contract/inverter';
import { answerList, BALCONY, GARAGE } from '../testing/inverter-list';

const CHANGED = { type: 'success', message: 'Inverter changed!', code: 4007 };

async function openDialog(answer: object = CHANGED, inverters?: readonly Inverter[]) {
  const list = answerList(inverters);
  const edit = recordPosts('api/inverter/edit', answer);
  server.use(list.handler, edit.handler);
  const view = renderWithProviders(<InverterAdminPage />, {
    route: '/settings/inverter',
    loggedIn: true,
  });
  await view.user.click(await screen.findByRole('button', { name: 'Edit Balcony' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit inverter: Balcony' });
  const tab = (name: RegExp) => within(dialog).getByRole('tab', { name });
  const save = within(dialog).getByRole('button', { name: 'Save' });
  return { ...view, list, edit, dialog, tab, save };
}

describe('EditInverterDialog', () => {
  it('shows every field of the inverter on the three tabs', async () => {
    const { user, dialog, tab } = await openDialog();
    expect(tab(/General/)).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Serial number' })).toHaveValue(
      '114182352592',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Balcony');
    expect(within(dialog).getByRole('switch', { name: 'Poll inverter data' })).toBeChecked();
    expect(
      within(dialog).getByRole('switch', { name: 'Poll inverter data at night' }),
    ).not.toBeChecked();

    await user.click(tab(/Strings/));
    const strings = within(dialog).getAllByRole('group');
    expect(strings.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'String 1',
      'String 2',
    ]);
    expect(within(strings[1]!).getByLabelText('Name')).toHaveValue('Right');
    expect(within(strings[1]!).getByLabelText('Maximum power')).toHaveValue(400);

    await user.keyboard('{ArrowRight}');
    expect(tab(/Advanced/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Advanced/)).toHaveFocus();
    expect(within(dialog).getByRole('spinbutton', { name: 'Reachable threshold' })).toHaveValue(2);
  });

  it('refuses out-of-range values, marks their tabs and sends nothing', async () => {
    const { user, dialog, tab, save, edit } = await openDialog();
    await user.click(tab(/Strings/));
    const [first, second] = within(dialog).getAllByRole('group');
    await user.clear(within(first!).getByLabelText('Maximum power'));
    await user.type(within(first!).getByLabelText('Maximum power'), '70000');
    await user.clear(within(second!).getByLabelText('Total yield offset'));
    await user.click(within(first!).getByLabelText('Name'));
    await user.paste('x'.repeat(30));
    await user.click(tab(/Advanced/));
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Reachable threshold' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Reachable threshold' }), '0');
    await user.click(tab(/General/));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.click(save);

    expect(
      await within(dialog).findByText('The name must be 1 to 31 characters long.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus(),
    );
    expect(tab(/^Strings ?\(contains invalid values\)$/)).toBeInTheDocument();
    expect(tab(/^Advanced ?\(contains invalid values\)$/)).toBeInTheDocument();

    await user.click(tab(/Strings/));
    expect(within(first!).getByText('Enter a number from 0 to 65535.')).toBeVisible();
    expect(within(first!).getByText('At most 31 characters.')).toBeVisible();
    expect(within(second!).getByText('Please enter a value.')).toBeVisible();
    await user.click(tab(/Advanced/));
    expect(within(dialog).getByText('Enter a number from 1 to 100.')).toBeVisible();
    expect(edit.received).toEqual([]);
  });

  it('opens the tab of the first problem on save', async () => {
    const { user, dialog, tab, save } = await openDialog();
    await user.click(tab(/Advanced/));
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Reachable threshold' }));
    await user.click(tab(/Strings/));
    await user.click(save);
    await waitFor(() => expect(tab(/Advanced/)).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() =>
      expect(within(dialog).getByRole('spinbutton', { name: 'Reachable threshold' })).toHaveFocus(),
    );
  });

  it("refuses another inverter's serial with its own message", async () => {
    const { user, dialog, save, edit } = await openDialog();
    const serial = within(dialog).getByRole('textbox', { name: 'Serial number' });
    await user.clear(serial);
    await user.type(serial, '1164a113c7e2');
    await user.click(save);
    expect(await within(dialog).findByText(/"Garage roof" already has this serial/)).toBeVisible();
    expect(edit.received).toEqual([]);
  });

  it('sends the whole inverter, closes and shows the result', async () => {
    const { user, dialog, tab, save, edit } = await openDialog();
    await user.click(within(dialog).getByRole('switch', { name: 'Send commands at night' }));
    await user.click(tab(/Advanced/));
    await user.click(within(dialog).getByRole('switch', { name: 'Clear event log at midnight' }));
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Inverter saved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(edit.received).toEqual([
      {
        ...BALCONY,
        serial: '114182352592',
        command_enable_night: false,
        clear_eventlog: true,
      },
    ]);
  });

  it('keeps the dialog open with the refusal when the gateway says no', async () => {
    const { user, dialog, save } = await openDialog({
      type: 'warning',
      message: 'x',
      code: 4006,
    });
    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The number of string entries is not valid.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no orientation on a device without it, and sends none', async () => {
    const { user, dialog, tab } = await openDialog();
    await user.click(tab(/Strings/));
    expect(within(dialog).queryByLabelText('Azimuth')).toBeNull();
    expect(within(dialog).queryByLabelText('Tilt')).toBeNull();
  });

  it("sets a string's azimuth and tilt where the gateway keeps them, only as a pair", async () => {
    // Our gateway lists both with every string (issue 23), null while unset.
    const helio: Inverter = {
      ...BALCONY,
      channel: BALCONY.channel.map((c) => ({ ...c, azimuth: null, tilt: null })),
    };
    const { user, dialog, tab, save, edit } = await openDialog(CHANGED, [helio, GARAGE]);
    await user.click(tab(/Strings/));
    const [first] = within(dialog).getAllByRole('group');
    const azimuth = within(first!).getByLabelText('Azimuth');
    expect(azimuth).toHaveValue(null);
    await user.type(azimuth, '95');
    await user.click(save);
    expect(
      await within(first!).findByText('Set azimuth and tilt together, or leave both empty.'),
    ).toBeVisible();
    expect(edit.received).toEqual([]);

    await user.type(within(first!).getByLabelText('Tilt'), '25');
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Inverter saved.');
    expect(edit.received).toEqual([
      {
        ...helio,
        channel: [
          { ...BALCONY.channel[0], azimuth: 95, tilt: 25 },
          { ...BALCONY.channel[1], azimuth: null, tilt: null },
        ],
      },
    ]);
  });
});
