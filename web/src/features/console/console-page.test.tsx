import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/testing/fake-socket';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ConsolePage } from './console-page';

function openSocket() {
  const socket = FakeSocket.latest;
  act(() => socket.acceptOpen());
  return socket;
}

function push(socket: FakeSocket, text: string) {
  act(() => socket.push(text));
}

const output = () => screen.getByRole('log', { name: 'Console output' });
/** The lines shown, top to bottom. */
const shownLines = () => Array.from(output().children, (row) => row.textContent);
const count = () => screen.getByTestId('console-count');

/** jsdom has no layout: give the text area a height and a scroll range by hand. */
function fakeLayout(area: HTMLElement, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(area, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(area, 'clientHeight', { configurable: true, get: () => clientHeight });
}

/** A v26 console (ESP-IDF lines, every level) with one line of the gateway's own, no letter. */
const V26_LINES = [
  'E (1200) wifi: Connection lost',
  'W (1300) mqtt: Reconnecting',
  'I (1400) mqtt: Connected',
  'D (1500) hoymiles: Fetch inverter 1161',
  'V (1600) hoymiles: TX 15 bytes',
  'Gateway: Network settings saved',
  '',
].join('\r\n');

afterEach(() => {
  vi.useRealTimers();
});

describe('ConsolePage', () => {
  it('shows socket lines in a focusable log panel, with the live marker', async () => {
    renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const area = output();
    expect(area).toHaveAttribute('tabindex', '0');
    const socket = openSocket();
    expect(socket.url).toMatch(/\/console$/);
    push(socket, 'Hello\r\nWorld\r\n');
    expect(shownLines()).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} > Hello$/),
      expect.stringMatching(/ > World$/),
    ]);
    expect(count()).toHaveTextContent('Lines shown: 2 of 2');
    expect(await screen.findByRole('img', { name: 'Live connection open' })).toBeVisible();
  });

  it('follows new lines, and pauses visibly when the user scrolls up', async () => {
    renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const area = output();
    const toggle = screen.getByRole('switch', { name: 'Follow new output' });
    fakeLayout(area, 1000, 200);
    const socket = openSocket();
    push(socket, 'one\n');
    expect(area.scrollTop).toBe(1000);
    expect(toggle).toBeChecked();

    area.scrollTop = 300;
    fireEvent.scroll(area);
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Paused while you scroll back');
    fakeLayout(area, 1200, 200);
    push(socket, 'two\n');
    expect(area.scrollTop).toBe(300);

    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(area.scrollTop).toBe(1200);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('keeps following when the layout, not the user, moves the end away', () => {
    renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const area = output();
    const toggle = screen.getByRole('switch', { name: 'Follow new output' });
    fakeLayout(area, 1000, 200);
    push(openSocket(), 'one\n');
    expect(area.scrollTop).toBe(1000);
    // A narrower window wraps the lines: the text grows under an unchanged scroll position.
    fakeLayout(area, 1600, 200);
    fireEvent.scroll(area);
    expect(toggle).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(area.scrollTop).toBe(1600);
  });

  it('Clear empties the text', () => {
    renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const area = output();
    push(openSocket(), 'some line\n');
    expect(area).not.toBeEmptyDOMElement();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(area).toBeEmptyDOMElement();
    expect(count()).toHaveTextContent('Lines shown: 0 of 0');
  });

  it('copies with the clipboard API and confirms', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('isSecureContext', true);
    const { user } = renderWithProviders(<ConsolePage />, { route: '/info/console' });
    // After render: user-event installs its own clipboard stand-in at setup.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    push(openSocket(), 'copy me\n');
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/ > copy me$/));
    expect(await screen.findByText('Copied to the clipboard.')).toBeVisible();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('falls back to copying the selection where the clipboard API is missing (plain http)', async () => {
    vi.stubGlobal('isSecureContext', false);
    const execCommand = vi.fn(() => true);
    const original = Object.getOwnPropertyDescriptor(document, 'execCommand');
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    try {
      const { user } = renderWithProviders(<ConsolePage />, { route: '/info/console' });
      push(openSocket(), 'copy me too\n');
      await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(await screen.findByText('Copied to the clipboard.')).toBeVisible();
    } finally {
      if (original) Object.defineProperty(document, 'execCommand', original);
      else Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('filters by level from the keyboard, keeps unlevelled lines, colours each level', async () => {
    const { user } = renderWithProviders(<ConsolePage />, { route: '/info/console' });
    push(openSocket(), V26_LINES);
    expect(count()).toHaveTextContent('Lines shown: 6 of 6');
    const rows = Array.from(output().children);
    expect(rows.map((row) => row.className)).toEqual([
      'console-line console-level-E',
      'console-line console-level-W',
      'console-line console-level-I',
      'console-line console-level-D',
      'console-line console-level-V',
      'console-line',
    ]);

    const debug = screen.getByRole('checkbox', { name: 'D Debug' });
    const verbose = screen.getByRole('checkbox', { name: 'V Verbose' });
    expect(debug).toBeChecked();
    debug.focus();
    await user.keyboard(' ');
    await user.tab();
    expect(verbose).toHaveFocus();
    await user.keyboard(' ');
    expect(debug).not.toBeChecked();
    expect(shownLines()).toEqual([
      expect.stringMatching(/ > E \(1200\) wifi: Connection lost$/),
      expect.stringMatching(/ > W \(1300\) mqtt: Reconnecting$/),
      expect.stringMatching(/ > I \(1400\) mqtt: Connected$/),
      expect.stringMatching(/ > Gateway: Network settings saved$/),
    ]);
    expect(count()).toHaveTextContent('Lines shown: 4 of 6');

    await user.click(screen.getByRole('checkbox', { name: 'W Warnings' }));
    await user.click(screen.getByRole('checkbox', { name: 'I Information' }));
    await user.click(screen.getByRole('checkbox', { name: 'E Errors' }));
    // No level left: only the line without a letter remains.
    expect(shownLines()).toEqual([expect.stringMatching(/Gateway: Network settings saved$/)]);
    expect(count()).toHaveTextContent('Lines shown: 1 of 6');
  });

  it('search keeps the matching lines, marks each match and counts them', async () => {
    const { user } = renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const socket = openSocket();
    push(socket, V26_LINES);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'MQTT');
    expect(shownLines()).toEqual([
      expect.stringMatching(/W \(1300\) mqtt: Reconnecting$/),
      expect.stringMatching(/I \(1400\) mqtt: Connected$/),
    ]);
    expect(Array.from(output().querySelectorAll('mark'), (mark) => mark.textContent)).toEqual([
      'mqtt',
      'mqtt',
    ]);
    expect(count()).toHaveTextContent('Lines shown: 2 of 6');
    // New lines go through the same filter as they arrive.
    push(socket, 'I (1500) mqtt: Subscribed\nI (1600) wifi: RSSI -60\n');
    expect(shownLines()).toHaveLength(3);
    expect(count()).toHaveTextContent('Lines shown: 3 of 8');
  });

  it('copies only the lines shown', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('isSecureContext', true);
    const { user } = renderWithProviders(<ConsolePage />, { route: '/info/console' });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    push(openSocket(), V26_LINES);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'hoymiles');
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = String(writeText.mock.calls[0]?.at(0)).split('\n');
    expect(copied).toEqual([
      expect.stringMatching(/ > D \(1500\) hoymiles: Fetch inverter 1161$/),
      expect.stringMatching(/ > V \(1600\) hoymiles: TX 15 bytes$/),
    ]);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('downloads the lines shown as a .txt named with the date and time', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    let lastBlob: Blob | undefined;
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob as Blob;
      return 'blob:console';
    });
    const revokeUrl = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
    });
    try {
      const { user } = renderWithProviders(<ConsolePage />, { route: '/info/console' });
      push(openSocket(), V26_LINES);
      await user.click(screen.getByRole('checkbox', { name: 'I Information' }));
      await user.click(screen.getByRole('checkbox', { name: 'D Debug' }));
      await user.click(screen.getByRole('checkbox', { name: 'V Verbose' }));
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(saved).toHaveLength(1);
      const [file] = saved;
      expect(file?.name).toMatch(/^console-\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.txt$/);
      expect(file?.blob.type).toMatch(/^text\/plain/);
      const lines = (await file!.blob.text()).split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/ > E \(1200\) wifi: Connection lost$/),
        expect.stringMatching(/ > W \(1300\) mqtt: Reconnecting$/),
        expect.stringMatching(/ > Gateway: Network settings saved$/),
        '',
      ]);
    } finally {
      createUrl.mockRestore();
      revokeUrl.mockRestore();
      click.mockRestore();
    }
  });

  it('sends the keep-alive every 5 s and reconnects a dropped socket', () => {
    vi.useFakeTimers();
    renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const socket = openSocket();
    act(() => vi.advanceTimersByTime(5_000));
    expect(socket.sent).toEqual(['ping']);
    act(() => socket.drop());
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeSocket.all.length).toBe(2);
  });
});
