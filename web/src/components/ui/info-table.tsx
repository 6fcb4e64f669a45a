import type { ReactNode } from 'react';

/**
 * A titled card holding a read-only table (the info pages' cards, spec §2 "Info pages"). Shared
 * by the system, network, NTP and MQTT info pages, so it lives here rather than in a feature.
 */
export function InfoCard({
  title,
  children,
  className = '',
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card mb-3 ${className}`}>
      <h2 className="card-header h6 mb-0 py-2">{title}</h2>
      <div className="card-body p-0">{children}</div>
    </section>
  );
}

/** A label/value table; rows are InfoRow elements. */
export function InfoTable({ children }: { children: ReactNode }) {
  return (
    <div className="table-responsive">
      <table className="table table-hover mb-0 info-table">
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One row: the label as a row header, so screen readers announce it with the value. */
export function InfoRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" className="fw-normal text-body-secondary w-50">
        {label}
      </th>
      <td className="text-break">{children}</td>
    </tr>
  );
}

/** A state as a coloured badge (connected, enabled, synced …), spec §4. */
export function StateBadge({
  ok,
  children,
  wrap = false,
}: {
  ok: boolean;
  children: ReactNode;
  /** A long text (with a date) may break, so a phone's table does not scroll sideways. */
  wrap?: boolean;
}) {
  const colour = ok ? 'text-bg-success' : 'text-bg-danger';
  return (
    <span className={`badge ${colour}${wrap ? ' text-wrap text-start lh-base' : ''}`}>
      {children}
    </span>
  );
}

/** A text value; an empty one is shown as `emptyText`, muted, never as a blank or 'undefined'. */
export function InfoText({ value, emptyText }: { value: string; emptyText: string }) {
  if (value === '') return <span className="text-body-secondary fst-italic">{emptyText}</span>;
  return <>{value}</>;
}
