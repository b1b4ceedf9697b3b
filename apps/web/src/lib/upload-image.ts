import type { accountRoutes } from '@dropdesk/contract/account';
import type { UploadKind } from '@dropdesk/contract/constants';
import type { DataOf } from '@dropdesk/contract/route';
import { upload } from './http';

export type Uploaded = DataOf<(typeof accountRoutes)['upload']>;

/** POST /merchant/common/upload (multipart `file` + `kind`), reporting progress from 0 to 1. */
export function uploadImage(
  file: File,
  kind: UploadKind,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return upload<Uploaded>('/merchant/common/upload', form, onProgress, { signal });
}
