import { useId, useState, type DragEvent } from 'react';
import { FIRMWARE_MAX_BYTES } from '@heliodtu/contract/limits';
import { useT } from '@/lib/i18n/use-t';
import { firmwareFileProblem, type FirmwareProblem } from './firmware-file';

const PROBLEM_TEXTS = {
  wrong_type: 'firmwareupgrade.WrongType',
  too_large: 'firmwareupgrade.TooLarge',
  empty: 'firmwareupgrade.Empty',
} as const;

/** The file chooser, also a drop target for a dragged file (spec §2, §5). */
export function FirmwareChooser({ onChosen }: { onChosen(file: File): void }) {
  const t = useT();
  const id = useId();
  const [problem, setProblem] = useState<FirmwareProblem | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const found = firmwareFileProblem(file);
    setProblem(found);
    if (found === null) onChosen(file);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const maxMiB = (FIRMWARE_MAX_BYTES / 1024 / 1024).toFixed(1);
  return (
    <section
      className={`card${dragging ? ' border-primary border-2' : ''}`}
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="firmware-drop"
    >
      <h2 className="card-header h6" id={`${id}-title`}>
        {t('firmwareupgrade.FirmwareUpload')}
      </h2>
      <div className="card-body">
        <label htmlFor={`${id}-file`} className="form-label">
          {t('firmwareupgrade.ChooseFile')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".bin,.gz,application/octet-stream,application/gzip"
          className={`form-control${problem ? ' is-invalid' : ''}`}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem !== null}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <div
          id={`${id}-hint`}
          className={`form-text${problem ? ' text-danger' : ''}`}
          aria-live="polite"
        >
          {problem
            ? t(PROBLEM_TEXTS[problem], { max: maxMiB })
            : t('firmwareupgrade.DropHint', { max: maxMiB })}
        </div>
      </div>
    </section>
  );
}
