import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTheme, useThemeStore } from './theme-store';

type Listener = () => void;

function mockSystemDark(initial: boolean) {
  let dark = initial;
  const listeners: Listener[] = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && dark;
    },
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
  }));
  return (value: boolean) => {
    dark = value;
    for (const listener of listeners) listener();
  };
}

const theme = () => document.documentElement.getAttribute('data-bs-theme');

afterEach(() => vi.unstubAllGlobals());

describe('theme (spec §1)', () => {
  it('defaults to auto, which follows the system preference live', () => {
    const setSystemDark = mockSystemDark(false);
    startTheme();
    expect(useThemeStore.getState().setting).toBe('auto');
    expect(theme()).toBe('light');
    setSystemDark(true);
    expect(theme()).toBe('dark');
    expect(useThemeStore.getState().resolved).toBe('dark');
  });

  it('stores an explicit choice under "theme", which then ignores the system', () => {
    const setSystemDark = mockSystemDark(false);
    startTheme();
    useThemeStore.getState().setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(theme()).toBe('dark');
    setSystemDark(false);
    expect(theme()).toBe('dark');
    useThemeStore.getState().setTheme('light');
    startTheme();
    expect(useThemeStore.getState().setting).toBe('light');
    expect(theme()).toBe('light');
  });

  it('treats an unknown stored value as auto', () => {
    mockSystemDark(true);
    localStorage.setItem('theme', 'purple');
    startTheme();
    expect(useThemeStore.getState().setting).toBe('auto');
    expect(theme()).toBe('dark');
  });
});
