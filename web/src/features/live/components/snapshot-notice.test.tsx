import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveDataStatusFixture } from '@heliodtu/contract/fixtures/live-data';
import { renderWithProviders } from '@/testing/render-with-providers';
import { liveActions } from '../live-store';
import { parseLiveUpdate } from '../merge-live-update';
import { ageText } from './snapshot-age';
import { SnapshotNotice } from './snapshot-notice';

describe('ageText', () => {
  it('says the age in the largest whole unit, in the page language', () => {
    expect(ageText('en', 12)).toBe('12 seconds ago');
    expect(ageText('en', 150)).toBe('2 minutes ago');
    expect(ageText('de', 2 * 3600 + 5)).toBe('vor 2 Stunden');
    expect(ageText('fr', 86_400 * 3)).toBe('il y a 3 jours');
  });
});

describe('SnapshotNotice', () => {
  it('shows the stored data when the first load fails, until live data arrives', async () => {
    const update = parseLiveUpdate(liveDataStatusFixture)!;
    // Half a minute past 5: the age is whole minutes, and the page clock may trail Date.now.
    const savedAt = Date.now() - 5.5 * 60_000;
    window.localStorage.setItem(
      'liveSnapshot',
      JSON.stringify({ savedAt, data: { ...liveDataStatusFixture }, receivedAt: {} }),
    );
    const { rerender } = renderWithProviders(<SnapshotNotice loadFailed={false} />);
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<SnapshotNotice loadFailed />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Shown: the last data received, from .+ \(5 minutes ago\)\.$/,
    );

    act(() => liveActions.snapshot(update));
    expect(screen.queryByRole('status')).toBeNull();
    liveActions.reset();
  });
});
