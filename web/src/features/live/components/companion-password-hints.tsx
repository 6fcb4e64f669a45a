import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import { RichText } from '@/lib/i18n/rich-text';
import { OwnPasswordHint } from './own-password-hint';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

const deviceLink = (device: CompanionDevice) =>
  `<a class="alert-link" href="${escapeHtml(device.url)}" target="_blank">${escapeHtml(device.name)}</a>`;

/**
 * The password hints on a companion (issue 34), loaded only there with the rest of the texts,
 * so a device's first load does not carry them: the companion's own login (its web interface
 * and API; it has no access point), and the devices behind it whose own login still has the
 * default password, each linked to its own interface, where that password is changed.
 */
export function CompanionPasswordHints({
  ownDefault,
  devices,
}: {
  ownDefault: boolean;
  devices: readonly CompanionDevice[];
}) {
  const t = useT();
  const exposed = devices.filter((device) => device.default_password === true);
  return (
    <>
      {ownDefault && <OwnPasswordHint text={t('companionhints.DefaultPassword')} />}
      {exposed.length > 0 && (
        <div className="alert alert-warning" role="alert" data-testid="hint-device-password">
          <Icon svg={warningIcon} className="me-2" />
          <RichText
            text={t(
              exposed.length === 1
                ? 'companionhints.DevicePasswordOne'
                : 'companionhints.DevicePasswordMany',
              { devices: exposed.map(deviceLink).join(', ') },
            )}
          />
        </div>
      )}
    </>
  );
}
