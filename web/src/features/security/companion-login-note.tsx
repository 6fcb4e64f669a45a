import type { CompanionDevice } from '@heliodtu/contract/companion';
import { useT } from '@/lib/i18n/use-t';
import { RichText } from '@/lib/i18n/rich-text';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/**
 * On a companion (issue 24): the password below is the companion's own login, and the device's
 * is set on the device, after which the companion needs it too (DTU_PASSWORD or its file).
 */
export function CompanionLoginNote({ device }: { device: CompanionDevice }) {
  const t = useT();
  const url = escapeHtml(device.url);
  return (
    <div className="alert alert-info" data-testid="companion-login-note">
      <p className="mb-2">{t('securityadmin.CompanionLogin')}</p>
      <p className="mb-0">
        <RichText
          text={t('securityadmin.CompanionDevicePassword', {
            device: `<a href="${url}" target="_blank">${url}</a>`,
          })}
        />
      </p>
    </div>
  );
}
