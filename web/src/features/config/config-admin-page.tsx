import { Page } from '@/components/layout/page';
import { useT } from '@/lib/i18n/use-t';
import { BackupCard } from './backup-card';
import { FactoryResetCard } from './factory-reset-card';
import { FileListCard } from './file-list-card';
import { RestoreCard } from './restore-card';

/** Configuration management (spec §2): files, backup, restore, factory reset. */
export function ConfigAdminPage() {
  const t = useT();
  return (
    <Page title={t('configadmin.ConfigManagement')}>
      <div className="row g-0 g-lg-4">
        <div className="col-lg-6">
          <BackupCard />
          <RestoreCard />
        </div>
        <div className="col-lg-6">
          <FileListCard />
          <FactoryResetCard />
        </div>
      </div>
    </Page>
  );
}
