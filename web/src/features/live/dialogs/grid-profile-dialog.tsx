import { useCallback } from 'react';
import type { GridProfileStatus } from '@heliodtu/contract/grid-profile';
import { Accordion } from '@/components/ui/accordion';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { liveApi } from '../live-api';
import { useRequest } from '../use-request';
import { DialogBodyState } from './dialog-body-state';
import type { InverterDialogProps } from './inverter-dialog-props';

/** A byte as two hex digits, as the raw profile is shown (wire-contract §4.5). */
export const hexByte = (byte: number) => byte.toString(16).toUpperCase().padStart(2, '0');

/** The decimals a profile value carries (at most 3), so 0.95 and 230 both show as sent. */
export const decimalsOf = (value: number) =>
  Math.min(3, (String(value).split('.')[1] ?? '').length);

/**
 * A profile counts as read only when its bytes sum above 0 (wire-contract §4.5). The contract's
 * hasGridProfile lives next to zod schemas, which the bundle must not carry; a test keeps both equal.
 */
export const hasProfileBytes = (raw: readonly number[]) => raw.some((byte) => byte > 0);

async function loadProfile(serial: string, dtu: string | null) {
  const [status, raw] = await Promise.all([
    liveApi.gridProfile(serial, dtu),
    liveApi.gridProfileRaw(serial, dtu),
  ]);
  const bytes = raw && 'raw' in raw && Array.isArray(raw.raw) ? raw.raw : [];
  const profile = status && 'sections' in status ? (status as GridProfileStatus) : undefined;
  // Valid only when the bytes sum above 0 (wire-contract §4.5).
  return { profile: hasProfileBytes(bytes) ? profile : undefined, bytes };
}

/** The grid profile: name, version, sections with enabled/disabled booleans, and the raw bytes. */
export function GridProfileDialog({ open, serial, dtu = null, onClose }: InverterDialogProps) {
  const t = useT();
  const format = useFormat();
  const load = useCallback(() => loadProfile(serial, dtu), [serial, dtu]);
  const { data, error, loading } = useRequest(load, open);
  const profile = data?.profile;

  const value = (v: number, u: string) =>
    u === 'bool'
      ? t(v ? 'gridprofile.Enabled' : 'gridprofile.Disabled')
      : format.decimal(v, decimalsOf(v));

  const sections = (profile?.sections ?? []).map((section, index) => ({
    id: `section-${index}`,
    title: section.name,
    content: (
      <table className="table table-sm table-striped mb-0">
        <thead>
          <tr>
            <th scope="col">{t('gridprofile.Setting')}</th>
            <th scope="col" className="text-end">
              {t('gridprofile.Value')}
            </th>
            <th scope="col">{t('gridprofile.Unit')}</th>
          </tr>
        </thead>
        <tbody>
          {section.items.map((item, itemIndex) => (
            <tr key={`${item.n}-${itemIndex}`}>
              <td>{item.n}</td>
              <td className="text-end font-monospace">{value(item.v, item.u)}</td>
              <td>{item.u === 'bool' ? '' : item.u}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
  }));
  const raw = {
    id: 'raw',
    title: t('gridprofile.RawData', { count: data?.bytes.length ?? 0 }),
    content: (
      <p className="font-monospace small mb-0 text-break" data-testid="grid-profile-raw">
        {data?.bytes.map(hexByte).join(' ')}
      </p>
    ),
  };

  return (
    <ModalDialog open={open} onClose={onClose} title={t('livedialogs.GridProfile')} size="lg">
      <DialogBodyState loading={loading} error={error} ready={data !== undefined}>
        {profile ? (
          <>
            <dl className="row mb-3">
              <dt className="col-sm-3">{t('gridprofile.Name')}</dt>
              <dd className="col-sm-9">{profile.name}</dd>
              <dt className="col-sm-3">{t('gridprofile.Version')}</dt>
              <dd className="col-sm-9">{profile.version}</dd>
            </dl>
            <Accordion headingLevel={3} sections={[...sections, raw]} />
          </>
        ) : (
          <div className="alert alert-info mb-0" role="alert">
            <h3 className="alert-heading fs-6">{t('gridprofile.NoInfo')}</h3>
            {t('gridprofile.NoInfoLong')}
          </div>
        )}
      </DialogBodyState>
    </ModalDialog>
  );
}
