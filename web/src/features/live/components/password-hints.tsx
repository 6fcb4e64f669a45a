import { Link } from 'wouter';
import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import { RichText } from '@/lib/i18n/rich-text';
import { PATHS } from '@/lib/paths';

/**
 * What the gateway is, as far as the password hint cares: a device (the firmware build, the
 * simulated gateway), a companion in front of devices, or not known yet (the page rendered on
 * the gateway, before the companion status came).
 */
export type PasswordHintGateway =
  | { kind: 'device' }
  | { kind: 'companion'; devices: readonly CompanionDevice[] }
  | { kind: 'unknown' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

const deviceLink = (device: CompanionDevice) =>
  `<a class="alert-link" href="${escapeHtml(device.url)}" target="_blank">${escapeHtml(device.name)}</a>`;

const OWN_TEXT = {
  device: 'hints.DefaultPassword',
  companion: 'hints.DefaultPasswordCompanion',
  unknown: 'hints.DefaultPasswordGateway',
} as const;

/**
 * The default-password hints (spec §1, issue 34). `ownDefault` is the live data's hint: the login
 * the browser uses. On a device that is its web interface and emergency access point; on a
 * companion its own login for the web interface and the API, which has no access point; while
 * that is not known, what is true of both. On a companion a second hint names the devices behind
 * it whose own login still has the default password, each linked to its own interface.
 */
export function PasswordHints({
  ownDefault,
  gateway,
}: {
  ownDefault: boolean;
  gateway: PasswordHintGateway;
}) {
  const t = useT();
  const exposed =
    gateway.kind === 'companion' ? gateway.devices.filter((d) => d.default_password === true) : [];
  return (
    <>
      {ownDefault && (
        <div className="alert alert-warning" role="alert" data-testid="hint-password">
          <Icon svg={warningIcon} className="me-2" />
          {t(OWN_TEXT[gateway.kind])}{' '}
          <Link href={PATHS.securitySettings} className="alert-link">
            {t('hints.DefaultPasswordLink')}
          </Link>
        </div>
      )}
      {exposed.length > 0 && (
        <div className="alert alert-warning" role="alert" data-testid="hint-device-password">
          <Icon svg={warningIcon} className="me-2" />
          <RichText
            text={t(exposed.length === 1 ? 'hints.DevicePasswordOne' : 'hints.DevicePasswordMany', {
              devices: exposed.map(deviceLink).join(', '),
            })}
          />
        </div>
      )}
    </>
  );
}
