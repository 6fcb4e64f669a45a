import { Link, useSearch } from 'wouter';
import { Page } from '@/components/layout/page';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';

/** 'Oops' with the message and status from the query (spec §2 "Error page"). */
export function ErrorPage() {
  const t = useT();
  const params = new URLSearchParams(useSearch());
  const message = params.get('message') || t('Error.Unknown');
  const status = params.get('status');
  return (
    <Page title={t('Error.Oops')}>
      <div className="alert alert-danger" role="alert">
        <h2 className="h4 alert-heading">{message}</h2>
        {status !== null && status !== '' && (
          <p className="mb-0">{t('Error.Status', { status })}</p>
        )}
      </div>
      <Link href={PATHS.live} className="btn btn-primary">
        {t('Error.BackHome')}
      </Link>
    </Page>
  );
}
