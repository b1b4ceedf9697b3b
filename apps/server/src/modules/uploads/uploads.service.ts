import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_UPLOAD_KINDS, UPLOAD_MAX_BYTES, type UploadKind } from '@dropdesk/contract/constants';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomId } from '../../lib/crypto';
import { Refusal } from '../../lib/refusal';
import { type FileLink, REVIEWING_ROLES } from './private-links';
import { uploadsRepository } from './uploads.repository';

const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;
type Format = keyof typeof FORMATS;

/** The longest side we keep; larger photos are scaled down (phones send 4000 px). */
const MAX_SIDE = 2560;

/** What the bytes are, by their signature: never by the name or the declared type. */
export function sniff(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

export interface StoredUpload {
  id: string;
  /** Where to read it: a public file's path, a private one's signed link (null before sign-up). */
  url: string | null;
  kind: UploadKind;
  private: boolean;
}

/** Who reads a file: a merchant (the owner, maybe) and an operator's role, either or neither. */
export interface Reader {
  merchantId: number | null;
  role: string | null;
}

export const isUploadId = (id: string): boolean => /^u_[A-Za-z0-9_-]{22}$/.test(id);

export class Uploads {
  constructor(private readonly deps: { db: Db; clock: Clock; uploadsDir: string }) {}

  private fileOf(id: string): string {
    return path.join(this.deps.uploadsDir, id.slice(2, 4), id);
  }

  /**
   * Re-encodes the image with sharp (which drops EXIF, GPS and any payload hidden after the image)
   * and stores it under a random name. ID photos, licences and vouchers are private: the reply names
   * a private one by a link signed for the uploader's session (`link`), and by none when a visitor
   * uploads it before having an account (registration claims it; the form shows its own copy).
   */
  async store(
    merchantId: number | null,
    kind: UploadKind,
    bytes: Buffer,
    link: FileLink | null,
  ): Promise<StoredUpload> {
    if (bytes.length > UPLOAD_MAX_BYTES) throw new Refusal('FILE_TOO_LARGE', undefined, 413);
    const format = sniff(bytes);
    if (!format) throw new Refusal('UNSUPPORTED_FILE', { fields: { file: 'UNSUPPORTED_FILE' } });
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .toFormat(format, format === 'jpeg' ? { quality: 85, mozjpeg: true } : {})
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new Refusal('UNSUPPORTED_FILE', { fields: { file: 'UNSUPPORTED_FILE' } });
    }
    const id = randomId('u');
    const file = this.fileOf(id);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, output.data, { flush: true });
    const isPrivate = PRIVATE_UPLOAD_KINDS.includes(kind);
    await uploadsRepository.insert(this.deps.db, {
      id,
      merchant_id: merchantId,
      kind,
      mime: FORMATS[format].mime,
      bytes: output.data.length,
      width: output.info.width,
      height: output.info.height,
      is_private: isPrivate ? 1 : 0,
      created_at: this.deps.clock.now(),
    });
    const url = !isPrivate ? `/uploads/${id}` : link ? link(id) : null;
    return { id, url, kind, private: isPrivate };
  }

  /**
   * The file for a reader: public ones for anyone; private ones for their owner and for operators
   * of the roles that review that kind (`REVIEWING_ROLES`: the roles of the queue showing it).
   */
  async open(id: string, reader: Reader): Promise<{ file: string; mime: string; isPrivate: boolean }> {
    if (!isUploadId(id)) throw new Refusal('NOT_FOUND', undefined, 404);
    const row = await uploadsRepository.byId(this.deps.db, id);
    if (!row) throw new Refusal('NOT_FOUND', undefined, 404);
    const allowed =
      !row.is_private ||
      (reader.role !== null && REVIEWING_ROLES[row.kind].some((r) => r === reader.role)) ||
      (row.merchant_id !== null && row.merchant_id === reader.merchantId);
    // A private file looks exactly like a missing one to anybody else.
    if (!allowed) throw new Refusal('NOT_FOUND', undefined, 404);
    return { file: this.fileOf(id), mime: row.mime, isPrivate: row.is_private === 1 };
  }
}
