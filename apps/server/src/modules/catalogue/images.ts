import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageOut } from '@dropdesk/contract/catalogue';
import sharp, { type Sharp } from 'sharp';
import { Refusal } from '../../lib/refusal';
import { sniff } from '../uploads';

/**
 * Product images: every upload becomes two WebP files, a square thumbnail for lists and a detail
 * image for the product page, named by a random key under `<DATA_DIR>/media/products/` and served
 * publicly at `/media/products/<key>-thumb.webp` (media.routes.ts) with a year's cache: a key is
 * never reused, so a file never changes.
 */

/** A list's thumbnail: square, cropped to fill. */
export const THUMB_SIDE = 320;
/** The detail image fits inside this square, keeping its aspect (never enlarged). */
export const DETAIL_SIDE = 960;
/** Decoding bombs stop here (a 7,000 × 7,000 photo passes). */
const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_SIZES = ['thumb', 'detail'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** A key is 32 lowercase hex characters: nothing else can name a file under media/. */
export const IMAGE_KEY = /^[0-9a-f]{32}$/;
/** A media file name: `<key>-thumb.webp` or `<key>-detail.webp`. */
export const MEDIA_FILE = /^([0-9a-f]{32})-(thumb|detail)\.webp$/;

export const newImageKey = (): string => randomBytes(16).toString('hex');

/** The folder of product image files. */
export const productMediaDir = (dataDir: string): string => path.join(dataDir, 'media', 'products');

export const productImageUrl = (key: string, size: ImageSize): string =>
  `/media/products/${key}-${size}.webp`;

export interface ImagePair {
  thumb: { data: Buffer; width: number; height: number };
  detail: { data: Buffer; width: number; height: number };
}

export interface StoredImageSizes {
  thumb_width: number;
  thumb_height: number;
  detail_width: number;
  detail_height: number;
}

/** Both sizes as the API shows them, from a product_images row. */
export function imageViews(row: { key: string } & StoredImageSizes): { thumb: ImageOut; detail: ImageOut } {
  return {
    thumb: { url: productImageUrl(row.key, 'thumb'), width: row.thumb_width, height: row.thumb_height },
    detail: { url: productImageUrl(row.key, 'detail'), width: row.detail_width, height: row.detail_height },
  };
}

const unsupported = () => new Refusal('UNSUPPORTED_FILE', { fields: { file: 'UNSUPPORTED_FILE' } });

/**
 * Both sizes of a decoded image. sharp writes no metadata unless asked (EXIF, GPS, ICC and
 * anything hidden after the image are dropped); `rotate()` first applies the EXIF orientation a
 * phone photo relies on. `effort` trades WebP size for time (the demo seed uses a low one).
 */
export async function imagePair(source: Sharp, effort = 4): Promise<ImagePair> {
  const base = source.rotate();
  const [thumb, detail] = await Promise.all([
    base
      .clone()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position: 'attention' })
      .webp({ quality: 80, effort })
      .toBuffer({ resolveWithObject: true }),
    base
      .clone()
      .resize({ width: DETAIL_SIDE, height: DETAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort })
      .toBuffer({ resolveWithObject: true }),
  ]);
  return {
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    detail: { data: detail.data, width: detail.info.width, height: detail.info.height },
  };
}

/**
 * An uploaded file's two sizes. Only JPEG, PNG and WebP by their signature (never by the name or
 * the declared type), and only what sharp decodes whole: anything else is UNSUPPORTED_FILE.
 */
export async function productImageFromUpload(bytes: Buffer): Promise<ImagePair> {
  if (!sniff(bytes)) throw unsupported();
  try {
    return await imagePair(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }));
  } catch {
    throw unsupported();
  }
}

/** Writes both files of `key` (flushed, so a row never points at a file a crash lost). */
export async function writeImagePair(dir: string, key: string, pair: ImagePair): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await Promise.all([
    fs.writeFile(path.join(dir, `${key}-thumb.webp`), pair.thumb.data, { flush: true }),
    fs.writeFile(path.join(dir, `${key}-detail.webp`), pair.detail.data, { flush: true }),
  ]);
}

/**
 * Gives the files of `from` a second name, `to` (a hard link, a copy where links can't be made):
 * the demo seed shares a few rendered images among many products, each row with a key of its own.
 */
export async function linkImagePair(dir: string, from: string, to: string): Promise<void> {
  for (const size of IMAGE_SIZES) {
    const source = path.join(dir, `${from}-${size}.webp`);
    const target = path.join(dir, `${to}-${size}.webp`);
    await fs.link(source, target).catch(() => fs.copyFile(source, target));
  }
}

export function sizesOf(pair: ImagePair): StoredImageSizes {
  return {
    thumb_width: pair.thumb.width,
    thumb_height: pair.thumb.height,
    detail_width: pair.detail.width,
    detail_height: pair.detail.height,
  };
}
