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

/** jsdom has no layout: give the text area a height and a scroll range by hand. */
function fakeLayout(area: HTMLElement, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(area, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(area, 'clientHeight', { configurable: true, get: () => clientHeight });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConsolePage', () => {
  it('shows socket lines in a 24-row read-only area, with the live marker', async () => {
    renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const area = screen.getByRole('textbox', { name: 'Console output' });
    expect(area).toHaveAttribute('rows', '24');
    expect(area).toHaveAttribute('readonly');
    const socket = openSocket();
    expect(socket.url).toMatch(/\/console$/);
    push(socket, 'Hello\r\nWorld\r\n');
    expect((area as HTMLTextAreaElement).value).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} > Hello\n.* > World$/,
    );
    expect(await screen.findByRole('img', { name: 'Live connection open' })).toBeVisible();
  });

  it('follows new lines, and pauses visibly when the user scrolls up', async () => {
    renderWithProviders(<ConsolePage />, { route: '/info/console' });
    const area = screen.getByRole('textbox', { name: 'Console output' });
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
    const area = screen.getByRole('textbox', { name: 'Console output' });
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
    const area = screen.getByRole('textbox', { name: 'Console output' });
    push(openSocket(), 'some line\n');
    expect(area).not.toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(area).toHaveValue('');
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
