interface SpinnerProps {
  label: string;
  small?: boolean;
  className?: string;
}

/** Bootstrap's border spinner with a spoken label. */
export function Spinner({ label, small = false, className = '' }: SpinnerProps) {
  return (
    <div
      className={`spinner-border${small ? ' spinner-border-sm' : ''} ${className}`}
      role="status"
    >
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
