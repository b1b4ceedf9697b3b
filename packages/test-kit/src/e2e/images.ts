import { createRequire } from 'node:module';
import { expect, type Locator } from '@playwright/test';
import type Sharp from 'sharp';

/** sharp, from the server's dependencies (the web app does not bundle it). */
const sharp = createRequire(new URL('../../../../apps/server/package.json', import.meta.url))(
  'sharp',
) as typeof Sharp;

/**
 * A photo-sized picture of a document (1200×760 PNG): a card with a portrait and lines of text,
 * labelled, so a screenshot shows how a real ID photo or voucher sits on the screen, not a 16 px
 * square. Drawn from SVG, no stock photo.
 */
export function documentPhoto(label: string, hue = 210): Promise<Buffer> {
  const line = (y: number, w: number) =>
    `<rect x="470" y="${y}" width="${w}" height="28" rx="8" fill="hsl(${hue} 25% 72%)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="760">
    <rect width="1200" height="760" fill="hsl(${hue} 20% 88%)"/>
    <rect x="60" y="60" width="1080" height="640" rx="36" fill="hsl(${hue} 45% 96%)" stroke="hsl(${hue} 40% 55%)" stroke-width="6"/>
    <rect x="60" y="60" width="1080" height="110" rx="36" fill="hsl(${hue} 55% 45%)"/>
    <text x="110" y="135" font-family="sans-serif" font-size="52" font-weight="700" fill="#fff">${label}</text>
    <rect x="110" y="230" width="300" height="380" rx="18" fill="hsl(${hue} 20% 80%)"/>
    <circle cx="260" cy="360" r="80" fill="hsl(${hue} 15% 62%)"/>
    <rect x="160" y="460" width="200" height="130" rx="60" fill="hsl(${hue} 15% 62%)"/>
    ${line(250, 560)}${line(320, 460)}${line(390, 520)}${line(460, 380)}${line(530, 500)}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Every image under `scope` (there are `count`) has loaded: the browser decoded a picture
 * (`naturalWidth > 0`), not a broken-image icon under an element that merely exists. Each is
 * scrolled into view first, so a lazy one is asked for.
 */
export async function expectImagesLoaded(scope: Locator, count: number): Promise<string[]> {
  const images = scope.locator('img');
  await expect(images).toHaveCount(count);
  const sources: string[] = [];
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    const src = (await img.getAttribute('src')) ?? '';
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1)), {
        message: `image ${src} loaded`,
      })
      .toBeGreaterThan(0);
    sources.push(src);
  }
  return sources;
}
