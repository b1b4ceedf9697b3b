/** A rectangle of the source image, in its own pixels (react-easy-crop's `croppedAreaPixels`). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const QUALITY = 0.85;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image did not load'));
    image.src = src;
  });
}

/**
 * The chosen part of an image, drawn at the banner's exact size (or smaller, at the same ratio, when
 * the part is smaller: never enlarged) and encoded as JPEG, like lib/image-compress.ts does for
 * photos: what is uploaded is already a banner, a few hundred KB at most.
 */
export async function cropImage(
  src: string,
  area: CropArea,
  size: { width: number; height: number },
): Promise<File> {
  const image = await loadImage(src);
  const width = Math.max(1, Math.min(size.width, Math.round(area.width)));
  const height = Math.max(1, Math.round((width * size.height) / size.width));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.fillStyle = '#fff'; // JPEG has no transparency
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
  if (!blob) throw new Error('not encoded');
  return new File([blob], 'banner.jpg', { type: 'image/jpeg' });
}
