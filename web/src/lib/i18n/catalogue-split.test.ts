import { describe, expect, it, vi } from 'vitest';
import { ensureFullCatalog, useI18nStore } from './i18n-store';

// The build cuts de and fr to the first screen's namespaces (web/vite.config.ts); the tests get
// the whole files through the same modules, so the parts are stood in for here.
vi.mock('virtual:de-core', () => ({ default: { menu: { Settings: 'Einstellungen' } } }));
vi.mock('virtual:fr-core', () => ({ default: { menu: { Settings: 'Paramètres' } } }));

const t = (key: string) => useI18nStore.getState().translate(key);

describe('de and fr catalogues split like en (issue 26)', () => {
  it('show the first screen from the part, the whole catalogue once asked, and load whole after that', async () => {
    await useI18nStore.getState().setLocale('de');
    expect(t('menu.Settings')).toBe('Einstellungen');
    // Beyond the first screen: English until the rest of the catalogue is there.
    expect(t('ntpadmin.NtpSettings')).toBe('NTP Settings');

    await ensureFullCatalog();
    expect(useI18nStore.getState().locale).toBe('de');
    expect(t('ntpadmin.NtpSettings')).toBe('NTP-Einstellungen');

    // A language chosen after a screen beyond the live view has loaded comes whole at once.
    await useI18nStore.getState().setLocale('fr');
    expect(t('ntpadmin.NtpSettings')).toBe('Paramètres NTP');
  });
});
