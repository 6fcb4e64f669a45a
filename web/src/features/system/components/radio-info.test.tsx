import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { chipState, nrfVariant } from '../radio-state';
import { SYSTEM_SAMPLE } from '../testing/system-sample';
import { RadioInfo } from './radio-info';

function cell(label: string) {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr');
  if (!row) throw new Error(`no row ${label}`);
  return within(row).getByRole('cell');
}

describe('radio state (spec §4)', () => {
  it('names connected or not only for a configured chip', () => {
    expect(chipState(true, true)).toBe('connected');
    expect(chipState(true, false)).toBe('not-connected');
    expect(chipState(false, true)).toBe('not-configured');
  });

  it('knows the nRF variant only while the chip answers', () => {
    expect(nrfVariant({ nrf_connected: true, nrf_pvariant: true })).toBe('plus');
    expect(nrfVariant({ nrf_connected: true, nrf_pvariant: false })).toBe('plain');
    expect(nrfVariant({ nrf_connected: false, nrf_pvariant: true })).toBe('unknown');
  });
});

describe('RadioInfo', () => {
  it('shows a configured, connected nRF24L01+ and an unconfigured CMT without a chip state', () => {
    renderWithProviders(<RadioInfo status={SYSTEM_SAMPLE} />);
    expect(cell('nRF24 module')).toHaveTextContent(/^configured$/);
    expect(cell('nRF24 chip')).toHaveTextContent(/^connected$/);
    expect(cell('nRF24 chip type')).toHaveTextContent('nRF24L01+');
    expect(cell('CMT2300A module')).toHaveTextContent('not configured');
    expect(cell('CMT2300A chip')).not.toHaveTextContent(/connected/);
  });

  it('shows a configured chip that does not answer as not connected, type unknown', () => {
    renderWithProviders(
      <RadioInfo
        status={{
          ...SYSTEM_SAMPLE,
          nrf_connected: false,
          cmt_configured: true,
          cmt_connected: false,
        }}
      />,
    );
    expect(cell('nRF24 chip')).toHaveTextContent('not connected');
    expect(cell('nRF24 chip type')).toHaveTextContent('unknown');
    expect(cell('CMT2300A chip')).toHaveTextContent('not connected');
  });

  it('names a plain nRF24L01', () => {
    renderWithProviders(<RadioInfo status={{ ...SYSTEM_SAMPLE, nrf_pvariant: false }} />);
    expect(cell('nRF24 chip type')).toHaveTextContent(/^nRF24L01$/);
  });
});
