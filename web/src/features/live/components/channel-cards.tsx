import type { LiveInverterFull } from '@heliodtu/contract/live-data';
import { AlertMark } from './alert-mark';
import { ChannelCard, type ChannelKind } from './channel-card';

const KINDS: readonly ChannelKind[] = ['INV', 'AC', 'DC'];

/** Channels keyed "0", "1", … in numeric order. */
const byNumber = (group: Readonly<Record<string, object>>) =>
  Object.keys(group).sort((a, b) => Number(a) - Number(b));

/** The inverter's channel cards: General (INV), the phase (AC), then every string (DC). */
export function ChannelCards({
  inverter,
  serial,
}: {
  inverter: Pick<LiveInverterFull, ChannelKind>;
  /** Marks the strings with open alerts (issue 28). */
  serial?: string;
}) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-xl-3 g-3" data-testid="channel-cards">
      {KINDS.flatMap((kind) =>
        byNumber(inverter[kind]).map((channel) => (
          <div className="col" key={`${kind}-${channel}`}>
            <ChannelCard
              kind={kind}
              channel={channel}
              values={inverter[kind][channel] as Readonly<Record<string, unknown>>}
              mark={
                kind === 'DC' && serial !== undefined ? (
                  <AlertMark serial={serial} channel={channel} />
                ) : undefined
              }
            />
          </div>
        )),
      )}
    </div>
  );
}
