/** Photos larger than this are re-encoded before upload (phone cameras produce 3–8 MB). */
export const COMPRESS_OVER_BYTES = 1024 * 1024;
export const MAX_EDGE_PX = 1600;
const QUALITY = 0.82;

/**
 * Scales a large photo down to 1600 px on its longest edge and re-encodes it as JPEG.
 * Small files, and anything the browser cannot decode, are returned unchanged.
 */
export async function compressImage(file: File): Promise<File> {
  if (file.size <= COMPRESS_OVER_BYTES || !file.type.startsWith('image/') || file.type === 'image/gif')
    return file;
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, MAX_EDGE_PX / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  ctx.fillStyle = '#fff'; // JPEG has no transparency
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
  if (!blob || blob.size >= file.size) return file;
  const name = file.name.replace(/\.[^.]+$/, '') || 'photo';
  return new File([blob], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
}
