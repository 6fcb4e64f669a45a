import { Link } from 'wouter';
import warningIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';

/** The hint that the login the browser uses still has the default password, in `text`'s words. */
export function OwnPasswordHint({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="alert alert-warning" role="alert" data-testid="hint-password">
      <Icon svg={warningIcon} className="me-2" />
      {text}{' '}
      <Link href={PATHS.securitySettings} className="alert-link">
        {t('hints.DefaultPasswordLink')}
      </Link>
    </div>
  );
}
