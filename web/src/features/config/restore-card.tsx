import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { FILE_UPLOAD_MAX_BYTES, TIMERS } from '@heliodtu/contract/limits';
import { UploadProgress } from '@/components/ui/upload-progress';
import { RichText } from '@/lib/i18n/rich-text';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import { uploadFailureText, useUploadFlow } from '@/lib/upload-flow';
import { uploadRestoreFile } from './api/files';
import { useFileSize } from './file-size';
import {
  RESTORE_TARGETS,
  checkRestoreFile,
  type RestoreProblem,
  type RestoreTarget,
} from './restore-file';

const TARGET_LABELS = {
  config: 'configadmin.TargetConfig',
  pinMapping: 'configadmin.TargetPinMapping',
  languagePack: 'configadmin.TargetLanguagePack',
} as const;

const PROBLEM_TEXTS = {
  no_file: 'configadmin.NoFileSelected',
  wrong_type: 'configadmin.WrongType',
  too_large: 'configadmin.TooLarge',
  invalid_json: 'configadmin.InvalidJson',
  invalid_content: 'configadmin.InvalidJsonContent',
} as const;

/**
 * Restore (spec §2, §5): pick the target and a .json file; Restore is enabled only for valid
 * content. Progress, then a success view (and /wait after 1 s) or an error view, each with Back.
 */
export function RestoreCard() {
  const t = useT();
  const size = useFileSize();
  const id = useId();
  const [, navigate] = useLocation();
  const [target, setTarget] = useState<RestoreTarget>('config');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<RestoreProblem | null | 'checking'>('no_file');
  const input = useRef<HTMLInputElement>(null);
  const checks = useRef(0);
  const flow = useUploadFlow();
  const { phase } = flow.state;

  // Every change of file or target checks again; an older, slower check is dropped.
  const recheck = (nextTarget: RestoreTarget, nextFile: File | null) => {
    setTarget(nextTarget);
    setFile(nextFile);
    const current = (checks.current += 1);
    setProblem('checking');
    void checkRestoreFile(nextTarget, nextFile).then(
      (found) => current === checks.current && setProblem(found),
      () => current === checks.current && setProblem('invalid_json'),
    );
  };

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = window.setTimeout(
      () => navigate(`${PATHS.wait}?for=restore`),
      TIMERS.redirectDelay,
    );
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const restore = () => {
    if (file === null || problem !== null) return;
    void flow.start((context) => uploadRestoreFile(RESTORE_TARGETS[target], file, context));
  };

  const back = () => {
    flow.back();
    recheck(target, null);
    if (input.current) input.current.value = '';
  };

  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`}>
      <h2 className="card-header h6" id={`${id}-title`}>
        {t('configadmin.RestoreHeader')}
      </h2>
      <div className="card-body">
        {phase === 'uploading' || phase === 'preparing' ? (
          <div className="d-flex flex-column gap-3">
            <UploadProgress percent={flow.state.percent} label={t('configadmin.UploadProgress')} />
            <div>
              <button type="button" className="btn btn-secondary" onClick={flow.cancel}>
                {t('base.Cancel')}
              </button>
            </div>
          </div>
        ) : phase === 'success' ? (
          <div className="alert alert-success mb-0" role="alert">
            <p>{t('configadmin.UploadSuccess')}</p>
            <button type="button" className="btn btn-secondary" onClick={back}>
              {t('configadmin.Back')}
            </button>
          </div>
        ) : phase === 'error' ? (
          <div className="alert alert-danger mb-0" role="alert">
            <h3 className="h6 alert-heading">{t('configadmin.UploadError')}</h3>
            <p className="text-break">
              {uploadFailureText(t, flow.state.error, t('configadmin.UploadFailed'))}
            </p>
            <button type="button" className="btn btn-secondary" onClick={back}>
              {t('configadmin.Back')}
            </button>
          </div>
        ) : (
          <>
            <div className="mb-3">
              <label htmlFor={`${id}-target`} className="form-label">
                {t('configadmin.RestoreTarget')}
              </label>
              <select
                id={`${id}-target`}
                className="form-select"
                value={target}
                onChange={(event) => recheck(event.target.value as RestoreTarget, file)}
              >
                {(Object.keys(TARGET_LABELS) as RestoreTarget[]).map((key) => (
                  <option key={key} value={key}>
                    {t(TARGET_LABELS[key], { file: RESTORE_TARGETS[key] })}
                  </option>
                ))}
              </select>
            </div>
            <div className="mb-3">
              <label htmlFor={`${id}-file`} className="form-label">
                {t('configadmin.ChooseFile')}
              </label>
              <input
                ref={input}
                id={`${id}-file`}
                type="file"
                accept=".json,application/json"
                className={`form-control${problem !== null && problem !== 'checking' && file ? ' is-invalid' : ''}`}
                aria-describedby={`${id}-feedback`}
                aria-invalid={problem !== null && problem !== 'checking' && file !== null}
                onChange={(event) => recheck(target, event.target.files?.[0] ?? null)}
              />
              <div
                id={`${id}-feedback`}
                className={`form-text${problem === null ? ' text-success' : problem !== 'no_file' && problem !== 'checking' ? ' text-danger' : ''}`}
                aria-live="polite"
              >
                {problem === 'checking'
                  ? '\u00a0'
                  : problem === null
                    ? t('configadmin.FileValid', { size: size(file?.size ?? 0) })
                    : t(PROBLEM_TEXTS[problem], { max: size(FILE_UPLOAD_MAX_BYTES) })}
              </div>
            </div>
            <div className="alert alert-warning">
              <RichText text={t('configadmin.RestoreHint')} />
            </div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={problem !== null || file === null}
              onClick={restore}
            >
              {t('configadmin.Restore')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
