import { UPLOAD_MAX_BYTES, type UploadKind } from '@dropdesk/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';
import { compressImage } from '../lib/image-compress';
import { uploadImage } from '../lib/upload-image';
import styles from './upload.module.css';

interface Props {
  label: string;
  kind: UploadKind;
  /** The upload reference (`u_...`) once uploaded. */
  value: string;
  onChange: (id: string) => void;
  error?: string;
  /** The image of a reference given already (a registration's ID photo), shown until another is chosen. */
  src?: string | null | undefined;
}

/** One image to upload: choose, compress if large, upload with a progress bar, preview. */
export function UploadTile({ label, kind, value, onChange, error, src }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setLocalError(null);
    if (!file.type.startsWith('image/')) {
      setLocalError(t('upload.notImage'));
      return;
    }
    setProgress(0);
    const ready = await compressImage(file);
    if (ready.size > UPLOAD_MAX_BYTES) {
      setProgress(null);
      setLocalError(t('upload.tooLarge', { mb: Math.round(UPLOAD_MAX_BYTES / 1024 / 1024) }));
      return;
    }
    setPreview(URL.createObjectURL(ready));
    try {
      const res = await uploadImage(ready, kind, setProgress);
      onChange(res.id);
    } catch (e) {
      setPreview(null);
      onChange('');
      if (e instanceof ApiError) setLocalError(e.message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const shownError = localError ?? error;
  const uploading = progress !== null;
  const image = preview ?? (value && src ? src : null);
  return (
    <div className={styles.tile}>
      <label htmlFor={id} className={`${styles.box} ${shownError ? styles.invalid : ''}`}>
        {image ? (
          <img src={image} alt="" className={styles.preview} />
        ) : (
          <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        )}
        {value && !uploading && <span className={styles.done}>{t('upload.done')}</span>}
        {uploading && (
          <span
            className={styles.progress}
            role="progressbar"
            aria-label={t('upload.uploading')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <span style={{ width: `${Math.round(progress * 100)}%` }} />
          </span>
        )}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-label={label}
        className="visually-hidden"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        disabled={uploading}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <span className={styles.caption} aria-hidden="true">
        {label}
      </span>
      {shownError && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {shownError}
        </span>
      )}
    </div>
  );
}
