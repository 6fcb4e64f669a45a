const formats = new Map<string, Intl.DateTimeFormat>();

/** A wall time from parseDeviceTime (contract/domain/device-time), written out in the language shown (24-hour, spec §9). */
export function formatDeviceTime(wallTime: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    const tag = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
    format = new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    formats.set(locale, format);
  }
  return format.format(wallTime);
}
