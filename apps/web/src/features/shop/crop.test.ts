import { afterEach, describe, expect, it, vi } from 'vitest';
import { cropImage } from './crop';

/** happy-dom draws nothing: a canvas that records what is drawn, and an image that loads at once. */
function fakeCanvas(encoded: Blob | null = new Blob(['jpeg'], { type: 'image/jpeg' })) {
  const drawn: unknown[][] = [];
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ctx,
    toBlob: vi.fn((done: (b: Blob | null) => void) => done(encoded)),
  };
  const ctx = {
    fillStyle: '',
    imageSmoothingQuality: '',
    fillRect: vi.fn(),
    drawImage: (...args: unknown[]) => drawn.push(args),
  };
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string) =>
    tag === 'canvas' ? canvas : create(tag)) as typeof document.createElement);
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
  return { canvas, drawn };
}

describe('cropImage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("draws the chosen part at the banner's size and encodes a JPEG", async () => {
    const { canvas, drawn } = fakeCanvas();
    const file = await cropImage(
      'blob:x',
      { x: 40, y: 30, width: 3000, height: 1000 },
      { width: 1200, height: 400 },
    );
    expect([canvas.width, canvas.height]).toEqual([1200, 400]);
    expect(drawn[0]?.slice(1)).toEqual([40, 30, 3000, 1000, 0, 0, 1200, 400]);
    expect(canvas.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.85);
    expect(file).toMatchObject({ name: 'banner.jpg', type: 'image/jpeg' });
  });

  it('never enlarges a small crop, and keeps the exact ratio', async () => {
    const { canvas } = fakeCanvas();
    await cropImage('blob:x', { x: 0, y: 0, width: 601, height: 150 }, { width: 1200, height: 300 });
    expect([canvas.width, canvas.height]).toEqual([601, 150]);
  });

  it('fails when the browser cannot encode it (the screen then says so)', async () => {
    fakeCanvas(null);
    await expect(
      cropImage('blob:x', { x: 0, y: 0, width: 300, height: 100 }, { width: 1200, height: 400 }),
    ).rejects.toThrow();
  });
});
