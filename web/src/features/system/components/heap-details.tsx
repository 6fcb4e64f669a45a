import type { SystemStatus } from '@heliodtu/contract/system';
import { InfoCard, InfoRow, InfoTable } from '@/components/ui/info-table';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { heapFigures } from '../memory-rows';

/** Heap details card, spec §2 / §9. */
export function HeapDetails({ status }: { status: SystemStatus }) {
  const t = useT();
  const fmt = useFormat();
  const heap = heapFigures(status);
  return (
    <InfoCard title={t('heapdetails.HeapDetails')}>
      <InfoTable>
        <InfoRow label={t('heapdetails.TotalFree')}>{fmt.kilobyte(heap.totalFree)}</InfoRow>
        <InfoRow label={t('heapdetails.LargestFreeBlock')}>
          {fmt.kilobyte(heap.largestFreeBlock)}
        </InfoRow>
        <InfoRow label={t('heapdetails.MinFree')}>{fmt.kilobyte(heap.minFree)}</InfoRow>
        <InfoRow label={t('heapdetails.MaxUsage')}>{fmt.kilobyte(heap.maxUsage)}</InfoRow>
        <InfoRow label={t('heapdetails.Fragmentation')}>
          <span data-testid="fragmentation">{fmt.percent(heap.fragmentation / 100)}</span>
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}
