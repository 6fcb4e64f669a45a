interface UploadProgressProps {
  /** 0..100. */
  percent: number;
  /** Spoken and shown name of the bar ("Upload progress"). */
  label: string;
}

/** Bootstrap's progress bar with the percent as text and as the ARIA value. */
export function UploadProgress({ percent, label }: UploadProgressProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div>
      <div className="d-flex justify-content-between small mb-1">
        <span>{label}</span>
        <span aria-hidden="true">{value} %</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar progress-bar-striped" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
