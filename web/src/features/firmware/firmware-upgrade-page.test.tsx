import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { FIRMWARE_MAX_BYTES } from '@heliodtu/contract/limits';
import { server } from '@/testing/msw-server';
import { currentPath } from '@/testing/location';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FirmwareUpgradePage } from './firmware-upgrade-page';

const IMAGE = new Uint8Array([0xe9, 1, 2, 3, 4, 5]);
const IMAGE_MD5 = 'ff24990652c8b1f207cc509436caf117';

function answerFirmware(...answers: (() => Response)[]) {
  const received: { md5: string; order: string }[] = [];
  server.use(
    http.post('*/api/firmware/update', async ({ request }) => {
      const form = await request.formData();
      // Field order matters to the gateway: the MD5 must come before the image.
      received.push({ md5: String(form.get('MD5')), order: [...form.keys()].join(',') });
      return (answers[received.length - 1] ?? answers.at(-1)!)();
    }),
  );
  return received;
}

async function choose(name = 'firmware.bin', content: BlobPart = IMAGE) {
  const view = renderWithProviders(<FirmwareUpgradePage />, {
    route: '/firmware/upgrade',
    loggedIn: true,
  });
  await view.user.upload(
    screen.getByLabelText('Firmware image (.bin or .bin.gz)'),
    new File([content], name),
  );
  return view;
}

describe('FirmwareUpgradePage', () => {
  it('shows the error with the gateway reason, Retry sends again, success goes to /wait', async () => {
    const received = answerFirmware(
      () => HttpResponse.text('MD5 mismatch', { status: 500 }),
      () => HttpResponse.text('OK'),
    );
    const { user } = await choose();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The firmware upgrade failed');
    expect(alert).toHaveTextContent('MD5 mismatch');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Firmware accepted/)).toBeVisible();
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual({ md5: IMAGE_MD5, order: 'MD5,firmware' });
    await waitFor(() => expect(currentPath()).toBe('/wait?for=firmware'), { timeout: 3000 });
  });

  it('sends the MD5 of the file before it', async () => {
    const received = answerFirmware(() => HttpResponse.text('OK'));
    await choose();
    await screen.findByText(/Firmware accepted/);
    expect(received[0]?.md5).toBe(IMAGE_MD5);
  });

  it('Back returns to the chooser', async () => {
    answerFirmware(() => HttpResponse.text('Not an ESP32 image (magic byte)', { status: 500 }));
    const { user } = await choose();
    await screen.findByText('Not an ESP32 image (magic byte)');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Firmware image (.bin or .bin.gz)')).toBeVisible();
  });

  it('says a lost connection clearly', async () => {
    answerFirmware(() => HttpResponse.error());
    await choose();
    expect(await screen.findByRole('alert')).toHaveTextContent(/connection to the device was lost/);
  });

  it('shows the fixed text of spec §8 when the MD5 cannot be computed', async () => {
    const received = answerFirmware(() => HttpResponse.text('OK'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockRejectedValueOnce(new Error('read error'));
    await choose();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unknown error while upload, check the console for details.',
    );
    expect(received).toEqual([]);
  });

  it('refuses a wrong type and a too large image before sending', async () => {
    const received = answerFirmware(() => HttpResponse.text('OK'));
    renderWithProviders(<FirmwareUpgradePage />, { route: '/firmware/upgrade', loggedIn: true });
    const input = screen.getByLabelText('Firmware image (.bin or .bin.gz)');
    // A drop or a chooser set to "all files" can hand over any file; the accept filter is no guard.
    fireEvent.change(input, { target: { files: [new File([IMAGE], 'firmware.zip')] } });
    expect(screen.getByText('Choose a .bin or .bin.gz file.')).toBeVisible();
    const big = new File([new Uint8Array(FIRMWARE_MAX_BYTES + 1)], 'big.bin');
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByText(/larger than the device accepts/)).toBeVisible();
    expect(received).toEqual([]);
  });
});
