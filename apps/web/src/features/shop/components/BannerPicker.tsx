import { UPLOAD_MAX_BYTES } from '@dropdesk/contract/constants';
import { BANNER_SIZES, type BannerSlot } from '@dropdesk/contract/shop';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/http';
import { uploadImage } from '../../../lib/upload-image';
import { type CropArea, cropImage } from '../crop';
import styles from './shop.module.css';

interface Props {
  slot: BannerSlot;
  label: string;
  /** The banner the shop shows now (its URL), or null. */
  current: string | null;
  /** The form's value: a new upload's reference, null to remove, undefined to keep. */
  value: string | null | undefined;
  onChange: (value: string | null | undefined) => void;
  /** True while cropping and uploading (the form waits). */
  onBusy: (busy: boolean) => void;
  error?: string | undefined;
}

/** An object URL that is revoked when replaced or when the picker goes away. */
function useObjectUrl() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return [url, (blob: Blob | null) => setUrl(blob ? URL.createObjectURL(blob) : null)] as const;
}

/**
 * One banner: what the shop shows now, then pick an image, crop it to the banner's ratio
 * (react-easy-crop: drag or arrow keys, and a zoom slider), re-encode it at the banner's size
 * (crop.ts) and upload it with a progress bar. The reference goes into the form, which saves both
 * banners at once. "Remove" takes the banner away when the form is saved.
 */
export function BannerPicker({ slot, label, current, value, onChange, onBusy, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const size = BANNER_SIZES[slot];
  const [source, setSource] = useObjectUrl();
  const [preview, setPreview] = useObjectUrl();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setLocalError(null);
    if (!file.type.startsWith('image/')) {
      setLocalError(t('upload.notImage'));
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setSource(file);
  };

  const applyCrop = async () => {
    if (!source || !area) return;
    setLocalError(null);
    setProgress(0);
    onBusy(true);
    try {
      let file: File;
      try {
        file = await cropImage(source, area, size);
      } catch {
        setLocalError(t('shop.banner.cropFailed'));
        return;
      }
      if (file.size > UPLOAD_MAX_BYTES) {
        setLocalError(t('upload.tooLarge', { mb: Math.round(UPLOAD_MAX_BYTES / 1024 / 1024) }));
        return;
      }
      const uploaded = await uploadImage(file, 'banner', setProgress);
      setPreview(file);
      setSource(null);
      onChange(uploaded.id);
    } catch (e) {
      if (e instanceof ApiError) setLocalError(e.message);
    } finally {
      setProgress(null);
      onBusy(false);
    }
  };

  const shown = preview && value ? preview : value === null ? null : current;
  const shownError = localError ?? error;
  const hintId = `${id}-crop-hint`;
  const uploading = progress !== null;
  return (
    <fieldset className={styles.banner} data-testid={`banner-${slot}`} aria-describedby={`${id}-size`}>
      <legend>{label}</legend>
      <p id={`${id}-size`} className={ui.hint}>
        {t('shop.banner.size', { width: size.width, height: size.height })}
      </p>
      {source ? (
        <>
          <div className={styles.cropBox}>
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={size.width / size.height}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              cropperProps={{
                role: 'group',
                'aria-label': t('shop.banner.cropArea'),
                'aria-describedby': hintId,
              }}
              mediaProps={{ alt: '' }}
            />
          </div>
          <p id={hintId} className={ui.hint}>
            {t('shop.banner.cropHint')}
          </p>
          <label className={styles.zoom}>
            {t('shop.banner.zoom')}
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
            />
          </label>
          <div className={styles.actions}>
            <button
              type="button"
              className={ui.secondaryButton}
              disabled={!area || uploading}
              onClick={() => void applyCrop()}
            >
              {t('shop.banner.use')}
            </button>
            <button type="button" className={ui.link} disabled={uploading} onClick={() => setSource(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className={styles.frame} style={{ aspectRatio: `${size.width} / ${size.height}` }}>
            {shown ? (
              <img
                src={shown}
                alt={shown === current ? t('shop.banner.current') : t('shop.banner.new')}
                width={size.width}
                height={size.height}
              />
            ) : (
              <span>{t('shop.banner.none')}</span>
            )}
          </div>
          {value && <p className={styles.state}>{t('shop.banner.ready')}</p>}
          {value === null && <p className={styles.removed}>{t('shop.banner.removed')}</p>}
          <div className={styles.actions}>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              className={`visually-hidden ${styles.fileInput}`}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? `${id}-error` : undefined}
              onChange={(e) => choose(e.target.files?.[0])}
            />
            <label htmlFor={`${id}-file`} className={`${ui.secondaryButton} ${styles.pick}`}>
              {shown ? t('shop.banner.chooseOther') : t('shop.banner.choose')}
            </label>
            {shown && (
              <button
                type="button"
                className={ui.link}
                onClick={() => {
                  setPreview(null);
                  onChange(current ? null : undefined);
                }}
              >
                {t('shop.banner.remove')}
              </button>
            )}
          </div>
        </>
      )}
      {uploading && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={t('upload.uploading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <span style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
      {shownError && (
        <p id={`${id}-error`} className={ui.error} role="alert">
          {shownError}
        </p>
      )}
    </fieldset>
  );
}
