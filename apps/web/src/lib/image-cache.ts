/** The specification's lazy image loading: 3 attempts per image, a cache of 200 loaded images. */
export const IMAGE_ATTEMPTS = 3;
export const IMAGE_CACHE_SIZE = 200;

const loaded = new Map<string, true>();

export function isLoaded(src: string): boolean {
  if (!loaded.has(src)) return false;
  loaded.delete(src); // move to most-recent
  loaded.set(src, true);
  return true;
}

export function markLoaded(src: string): void {
  loaded.delete(src);
  loaded.set(src, true);
  while (loaded.size > IMAGE_CACHE_SIZE) {
    const oldest = loaded.keys().next().value;
    if (oldest === undefined) break;
    loaded.delete(oldest);
  }
}

export function cacheSize(): number {
  return loaded.size;
}
