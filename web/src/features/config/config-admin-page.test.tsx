import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerGet, recordPosts } from '@/testing/api-handlers';
import { currentPath } from '@/testing/location';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ConfigAdminPage } from './config-admin-page';

const FILES = [
  { name: 'config.json', size: 4321 },
  { name: 'pin_mapping.json', size: 300 },
];

function renderPage() {
  server.use(answerGet('api/file/list', FILES));
  return renderWithProviders(<ConfigAdminPage />, { route: '/settings/config', loggedIn: true });
}

describe('ConfigAdminPage', () => {
  it('lists the files and deletes one after a confirmation naming it', async () => {
    const post = recordPosts('api/file/delete', { type: 'success', code: 3003, message: 'x' });
    server.use(post.handler);
    const { user } = renderPage();
    const row = (await screen.findByText('pin_mapping.json')).closest('tr')!;
    expect(within(row).getByText('300 byte')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Delete pin_mapping.json' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file' });
    expect(dialog).toHaveTextContent('“pin_mapping.json”');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/File deleted. Restart the device/)).toBeVisible();
    expect(post.received).toEqual([{ file: 'pin_mapping.json' }]);
  });

  it('enables Restore only for valid content and says why not', async () => {
    const { user } = renderPage();
    const restore = screen.getByRole('button', { name: 'Restore' });
    expect(await screen.findByText('No file selected.')).toBeVisible();
    expect(restore).toBeDisabled();
    const input = screen.getByLabelText('JSON file');
    await user.upload(input, new File(['{"cfg":'], 'broken.json'));
    expect(await screen.findByText('The file is not valid JSON.')).toBeVisible();
    expect(restore).toBeDisabled();
    await user.upload(input, new File(['{"wifi":{}}'], 'other.json'));
    expect(await screen.findByText(/does not match the chosen file type/)).toBeVisible();
    expect(restore).toBeDisabled();
    await user.upload(input, new File(['[{"name":"board"}]'], 'pins.json'));
    expect(await screen.findByText(/does not match/)).toBeVisible();
    await user.selectOptions(screen.getByLabelText('File to restore'), 'pinMapping');
    expect(await screen.findByText(/can be restored/)).toBeVisible();
    expect(restore).toBeEnabled();
  });

  it('uploads to the chosen target, shows success and goes to /wait', async () => {
    let target = '';
    server.use(
      http.post('*/api/file/upload', ({ request }) => {
        target = new URL(request.url).searchParams.get('file') ?? '';
        return HttpResponse.text('OK');
      }),
    );
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('JSON file'), new File(['{"cfg":{}}'], 'b.json'));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/File restored/)).toBeVisible();
    expect(target).toBe('config.json');
    await waitFor(() => expect(currentPath()).toBe('/wait?for=restore'), { timeout: 3000 });
  });

  it("shows the gateway's refusal with Back", async () => {
    server.use(
      http.post('*/api/file/upload', () => HttpResponse.text('File too large', { status: 500 })),
    );
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('JSON file'), new File(['{"cfg":{}}'], 'b.json'));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const alert = await screen.findByText('File too large');
    expect(alert).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
    expect(await screen.findByText('No file selected.')).toBeVisible();
  });

  it('factory reset asks first, then goes to /wait', async () => {
    const post = recordPosts('api/file/delete_all', { type: 'success', code: 3002, message: 'x' });
    server.use(post.handler);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Restore factory defaults' }));
    const dialog = screen.getByRole('dialog', { name: 'Factory reset' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(/Configuration reset/)).toBeVisible();
    expect(post.received).toEqual([{ delete: true }]);
    await waitFor(() => expect(currentPath()).toBe('/wait?for=reset'), { timeout: 3000 });
  });
});
