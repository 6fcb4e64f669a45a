import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/use-t';

interface DialogBodyStateProps {
  loading: boolean;
  error: string | undefined;
  /** True once there is something to show; until then the spinner or the error shows. */
  ready: boolean;
  children: ReactNode;
}

/** Spinner while the first answer is on its way, the error when it failed, else the content. */
export function DialogBodyState({ loading, error, ready, children }: DialogBodyStateProps) {
  const t = useT();
  if (error !== undefined && !ready) {
    return (
      <div className="alert alert-danger mb-0" role="alert">
        {error}
      </div>
    );
  }
  if (!ready) {
    return loading || error === undefined ? (
      <div className="text-center my-3">
        <Spinner label={t('base.Loading')} />
      </div>
    ) : null;
  }
  return <>{children}</>;
}
