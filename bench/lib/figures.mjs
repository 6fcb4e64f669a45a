// Figures as the benchmarks print them.

/** A number with thousands separators and `digits` decimals; '—' for what is not finite. */
export const fmt = (value, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
    : '—';

/** The p-th percentile (nearest rank) of `values`; NaN for none. */
export const pct = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
