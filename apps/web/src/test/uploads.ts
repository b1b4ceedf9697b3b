import { vi } from 'vitest';

/** XMLHttpRequest as the upload endpoint: reports progress, then answers with a reference. */
export function fakeUploads() {
  const state = { kinds: [] as string[], progressSeen: false, n: 0 };
  class FakeXHR {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      state.kinds.push(String(form.get('kind')));
      state.n += 1;
      const id = `u_${String(state.n).padStart(22, 'a')}`;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        state.progressSeen = true;
        this.status = 200;
        this.responseText = JSON.stringify({
          code: 1,
          msg: 'OK',
          data: { id, url: `/uploads/${id}`, kind: 'x', private: true },
        });
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  return state;
}
