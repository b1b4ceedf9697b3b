import type { ImageOut } from '@dropdesk/contract/catalogue';
import Swiper from 'antd-mobile/es/components/swiper';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../../components/LazyImage';
import styles from './catalogue.module.css';

/**
 * A product's images, swiped. The box takes the first image's shape (the API sends each size) before
 * anything loads, so the text under it never moves; each image fills its slide.
 */
export function Gallery({ images, title }: { images: ImageOut[]; title: string }) {
  const { t } = useTranslation();
  const first = images[0];
  const aspectRatio = first ? `${first.width} / ${first.height}` : '4 / 3';
  if (!first)
    return (
      <div className={styles.gallery} style={{ aspectRatio }}>
        <p className={styles.noImage}>{t('catalogue.noImage')}</p>
      </div>
    );
  return (
    <div className={styles.gallery} style={{ aspectRatio }} data-testid="gallery">
      <Swiper
        style={{ height: '100%', '--height': '100%' } as CSSProperties}
        indicator={images.length > 1 ? undefined : () => null}
        loop={images.length > 1}
      >
        {images.map((image, i) => (
          <Swiper.Item key={image.url} className={styles.slide}>
            <LazyImage
              src={image.url}
              alt={t('catalogue.imageOf', { title, n: i + 1, total: images.length })}
              width={image.width}
              height={image.height}
              style={{ width: '100%', height: '100%' }}
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
