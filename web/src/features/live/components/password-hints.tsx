import { lazy, Suspense } from 'react';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { ensureFullCatalog } from '@/lib/i18n/i18n-store';
import { useT } from '@/lib/i18n/use-t';
import { OwnPasswordHint } from './own-password-hint';

/**
 * What the gateway is, as far as the password hint cares: a device (the firmware build, the
 * simulated gateway), a companion in front of devices, or not known yet (the page rendered on
 * the gateway, before the companion status came).
 */
export type PasswordHintGateway =
  | { kind: 'device' }
  | { kind: 'companion'; devices: readonly CompanionDevice[] }
  | { kind: 'unknown' };

// A companion's hints come with the rest of the texts, off the first load (architecture "Budget");
// the firmware build, the device's own interface, never stands in front of devices: none there.
const CompanionPasswordHints =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazy(async () => {
        const [module] = await Promise.all([
          import('./companion-password-hints'),
          ensureFullCatalog(),
        ]);
        return { default: module.CompanionPasswordHints };
      });

/**
 * The default-password hints (spec §1, issue 34). `ownDefault` is the live data's hint: the login
 * the browser uses. On a device that is its web interface and emergency access point; on a
 * companion its own login (companion-password-hints.tsx, with the devices behind it still on
 * theirs); while that is not known, and while a companion's texts load, what is true of both.
 */
export function PasswordHints({
  ownDefault,
  gateway,
}: {
  ownDefault: boolean;
  gateway: PasswordHintGateway;
}) {
  const t = useT();
  const neutral = ownDefault ? <OwnPasswordHint text={t('hints.DefaultPasswordGateway')} /> : null;
  if (gateway.kind === 'unknown' || !CompanionPasswordHints) return neutral;
  if (gateway.kind === 'device')
    return ownDefault ? <OwnPasswordHint text={t('hints.DefaultPassword')} /> : null;
  return (
    <Suspense fallback={neutral}>
      <CompanionPasswordHints ownDefault={ownDefault} devices={gateway.devices} />
    </Suspense>
  );
}
