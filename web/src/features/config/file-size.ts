import { useMemo } from 'react';
import { useLocale } from '@/lib/i18n/use-t';

/** Bytes below 1 kB as bytes, else kilobytes with one digit (spec §9: sizes in kilobytes). */
export function formatFileSize(bytes: number, locale: string): string {
  const tag = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
  const kilo = bytes >= 1024;
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit: kilo ? 'kilobyte' : 'byte',
    maximumFractionDigits: kilo ? 1 : 0,
  }).format(kilo ? bytes / 1024 : bytes);
}

export function useFileSize(): (bytes: number) => string {
  const locale = useLocale();
  return useMemo(() => (bytes: number) => formatFileSize(bytes, locale), [locale]);
}
