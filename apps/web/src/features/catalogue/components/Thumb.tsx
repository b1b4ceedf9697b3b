import type { ImageOut } from '@dropdesk/contract/catalogue';
import { LazyImage } from '../../../components/LazyImage';
import list from '../../../components/list.module.css';

/** A list's square thumbnail: its box is fixed, the image's own size (from the API) keeps its shape, so rows never shift. */
export function Thumb({ image, alt, size = 88 }: { image: ImageOut | null; alt: string; size?: number }) {
  return (
    <LazyImage
      src={image?.url}
      alt={alt}
      width={image?.width ?? size}
      height={image?.height ?? size}
      style={{ width: size, height: size }}
      className={list.thumb}
    />
  );
}
