import type { ReactNode } from 'react';

/** A titled card of fields (OpenDTU's CardElement). */
export function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="card mb-3">
      <h2 className="card-header h6 mb-0 py-2">{title}</h2>
      <div className="card-body">{children}</div>
    </section>
  );
}
