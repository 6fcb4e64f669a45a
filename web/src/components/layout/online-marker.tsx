import { useT } from '@/lib/i18n/use-t';

/** The live-connection dot: green with a pulsing ring when online, red when not (spec §1). */
export function OnlineMarker({ online }: { online: boolean }) {
  const t = useT();
  const label = t(online ? 'base.Online' : 'base.Offline');
  return (
    <span
      className={`online-marker ${online ? 'online' : 'offline'}`}
      role="img"
      aria-label={label}
      title={label}
      data-online={online}
    />
  );
}
