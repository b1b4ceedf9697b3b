import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { IMAGE_ATTEMPTS, isLoaded, markLoaded } from '../lib/image-cache';
import styles from './LazyImage.module.css';

interface Props {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
}

/**
 * An image fetched when it nears the viewport, retried up to 3 times, remembered once loaded
 * (200 most recent) so it shows at once on the next screen.
 */
export function LazyImage({ src, alt, width, height, className, style }: Props) {
  const ref = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => (src ? isLoaded(src) : false));
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (visible || !src || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [src, visible]);

  const box = { width, height, ...style };
  if (!src || failed) {
    return (
      <span
        ref={ref}
        className={`${styles.placeholder} ${className ?? ''}`}
        style={box}
        role="img"
        aria-label={alt}
      />
    );
  }
  return (
    <span ref={ref} className={`${styles.frame} ${className ?? ''}`} style={box}>
      {visible && (
        <img
          key={attempt}
          src={attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => markLoaded(src)}
          onError={() => (attempt + 1 < IMAGE_ATTEMPTS ? setAttempt(attempt + 1) : setFailed(true))}
        />
      )}
    </span>
  );
}
