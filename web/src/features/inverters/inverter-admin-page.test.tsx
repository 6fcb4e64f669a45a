import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordPosts } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { InverterAdminPage } from './inverter-admin-page';
import { answerList, BALCONY, GARAGE } from './testing/inverter-list';

const ADDED = { type: 'success', message: 'Inverter created!', code: 4004 };
const ORDERED = { type: 'success', message: 'Inverter order saved!', code: 4009 };
const DELETED = { type: 'success', message: 'Inverter deleted!', code: 4008 };

async function renderPage() {
  const list = answerList();
  const add = recordPosts('api/inverter/add', ADDED);
  const order = recordPosts('api/inverter/order', ORDERED);
  const del = recordPosts('api/inverter/del', DELETED);
  server.use(list.handler, add.handler, order.handler, del.handler);
  const view = renderWithProviders(<InverterAdminPage />, {
    route: '/settings/inverter',
    loggedIn: true,
  });
  await screen.findByRole('table');
  const form = screen.getByRole('form', { name: 'Add an inverter' });
  const serial = within(form).getByLabelText('Serial number');
  const name = within(form).getByLabelText('Name');
  const addButton = within(form).getByRole('button', { name: 'Add' });
  return { ...view, list, add, order, del, serial, name, addButton };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[3]?.firstChild?.textContent);

describe('InverterAdminPage: add form', () => {
  it.each([
    ['114182952590', 'Hoymiles serial number'],
    ['28210007af44', 'Serial number already in converted form'],
    ['a1100fbt4-19w', 'E-Star HERF label, saved converted as 28210007af44'],
    ['A1100FBT4-19X', 'E-Star HERF label whose check characters do not match: please check it'],
    ['xyz', 'Unknown serial number format'],
  ])('gives live feedback for %s', async (input, feedback) => {
    const { user, serial } = await renderPage();
    await user.type(serial, input);
    expect(serial).toHaveValue(input.toUpperCase());
    expect(screen.getByText(feedback)).toBeVisible();
  });

  it('clears the feedback when the input is emptied', async () => {
    const { user, serial } = await renderPage();
    await user.type(serial, 'xyz');
    expect(screen.getByText('Unknown serial number format')).toBeVisible();
    await user.clear(serial);
    expect(screen.queryByText('Unknown serial number format')).toBeNull();
  });

  it('requires serial and name and sends nothing', async () => {
    const { user, add, serial, name, addButton } = await renderPage();
    await user.click(addButton);
    expect(await screen.findByText('Please enter a value.')).toBeVisible();
    expect(screen.getByText('The name must be 1 to 31 characters long.')).toBeVisible();
    expect(serial).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(serial).toHaveFocus());
    expect(add.received).toEqual([]);
  });

  it('refuses a name longer than 31 characters', async () => {
    const { user, add, serial, name, addButton } = await renderPage();
    await user.type(serial, '114182952590');
    await user.click(name);
    await user.paste('x'.repeat(32));
    await user.click(addButton);
    expect(await screen.findByText('The name must be 1 to 31 characters long.')).toBeVisible();
    expect(add.received).toEqual([]);
  });

  it('refuses a HERF label with a wrong check', async () => {
    const { user, add, serial, name, addButton } = await renderPage();
    await user.type(serial, 'A1100FBT4-19X');
    await user.type(name, 'Shed');
    await user.click(addButton);
    await waitFor(() => expect(serial).toHaveAttribute('aria-invalid', 'true'));
    expect(add.received).toEqual([]);
  });

  it('names the inverter that already has the serial, in any spelling, and sends nothing', async () => {
    const { user, add, serial, name, addButton } = await renderPage();
    await user.type(serial, '1164A113C7E2');
    await user.type(name, 'Shed');
    await user.click(addButton);
    expect(
      await screen.findByText(
        '"Garage roof" already has this serial number. Each inverter can be in the list only once.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('The serial number must not be zero.')).toBeNull();
    expect(add.received).toEqual([]);
  });

  it('sends a HERF label converted, shows the result, clears the form and reloads the list', async () => {
    const { user, add, list, serial, name, addButton } = await renderPage();
    const before = list.calls.count;
    await user.type(serial, 'A1100FBT4-19W');
    await user.type(name, 'Shed');
    await user.click(addButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('Inverter added.');
    expect(add.received).toEqual([{ serial: '28210007af44', name: 'Shed' }]);
    await waitFor(() => expect(list.calls.count).toBe(before + 1));
    const form = screen.getByRole('form', { name: 'Add an inverter' });
    expect(within(form).getByLabelText('Serial number')).toHaveValue('');
  });
});

describe('InverterAdminPage: list', () => {
  it('sorts by order and shows the badges of spec §4', async () => {
    await renderPage();
    expect(rowNames()).toEqual(['Garage roof', 'Balcony']);
    const balcony = screen.getAllByRole('row')[2]!;
    const [receive, send] = within(balcony).getAllByTitle(/^(Receive|Send):/);
    expect(receive).toHaveClass('text-bg-warning');
    expect(receive).toHaveTextContent('Receive: by day on, at night off');
    expect(send).toHaveClass('text-bg-dark');
    const garage = screen.getAllByRole('row')[1]!;
    // The phone layout repeats the badges under the name (CSS shows one of the two).
    for (const send of within(garage).getAllByTitle(/^Send:/)) {
      expect(send).toHaveAttribute('data-state', 'noday-nonight');
    }
  });

  it('moves a row with the keyboard, announces it and saves the order', async () => {
    const { user, order, list } = await renderPage();
    const saveOrder = screen.getByRole('button', { name: 'Save order' });
    expect(saveOrder).toBeDisabled();
    const handle = screen.getByRole('button', { name: 'Move Garage roof, position 1 of 2' });
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(rowNames()).toEqual(['Balcony', 'Garage roof']);
    expect(screen.getByRole('status')).toHaveTextContent('Garage roof moved to position 2 of 2.');
    expect(screen.getByRole('button', { name: 'Move Garage roof, position 2 of 2' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rowNames()).toEqual(['Balcony', 'Garage roof']);

    const before = list.calls.count;
    await user.click(saveOrder);
    expect(await screen.findByRole('alert')).toHaveTextContent('Inverter order saved.');
    expect(order.received).toEqual([{ order: [BALCONY.id, GARAGE.id] }]);
    await waitFor(() => expect(list.calls.count).toBe(before + 1));
  });

  it('Home and End move to the ends', async () => {
    const { user } = await renderPage();
    screen.getByRole('button', { name: 'Move Balcony, position 2 of 2' }).focus();
    await user.keyboard('{Home}');
    expect(rowNames()).toEqual(['Balcony', 'Garage roof']);
    await user.keyboard('{End}');
    expect(rowNames()).toEqual(['Garage roof', 'Balcony']);
  });

  it('asks before deleting, naming the inverter by name and serial', async () => {
    const { user, del, list } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete Balcony' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete inverter' });
    expect(dialog).toHaveTextContent(
      'Delete the inverter "Balcony" with serial number 114182352592?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(del.received).toEqual([]);

    const before = list.calls.count;
    await user.click(screen.getByRole('button', { name: 'Delete Balcony' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Inverter deleted.');
    expect(del.received).toEqual([{ id: BALCONY.id }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(list.calls.count).toBe(before + 1));
  });
});

describe('InverterAdminPage: opened from a link', () => {
  it('opens the edit dialog of the inverter named by ?edit=<serial>', async () => {
    server.use(answerList().handler);
    renderWithProviders(<InverterAdminPage />, {
      route: '/settings/inverter?edit=114182352592',
      loggedIn: true,
    });
    expect(
      await screen.findByRole('dialog', { name: 'Edit inverter: Balcony' }),
    ).toBeInTheDocument();
  });

  it('opens nothing for a serial that is not in the list', async () => {
    server.use(answerList().handler);
    renderWithProviders(<InverterAdminPage />, {
      route: '/settings/inverter?edit=999999999999',
      loggedIn: true,
    });
    await screen.findByRole('table');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
