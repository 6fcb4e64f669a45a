import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { VersionBadge } from './version-badge';

describe('VersionBadge (spec §4)', () => {
  it('new version: red, linking to the changes', () => {
    renderWithProviders(
      <VersionBadge check={{ status: 'new-version', commits: 4, url: 'https://github.com/c' }} />,
    );
    const link = screen.getByRole('link', { name: /newer version/ });
    expect(link).toHaveClass('text-bg-danger');
    expect(link).toHaveAttribute('href', 'https://github.com/c');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('up to date: green, no link', () => {
    renderWithProviders(<VersionBadge check={{ status: 'up-to-date' }} />);
    expect(screen.getByText('Up to date')).toHaveClass('text-bg-success');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('error: grey', () => {
    renderWithProviders(<VersionBadge check={{ status: 'error' }} />);
    expect(screen.getByText('Could not check for a newer version')).toHaveClass(
      'text-bg-secondary',
    );
  });
});
