import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toast } from './toast';

/** The page's styles as the app loads them: antd-mobile's toast sheet, then ours (read as text: tests load no CSS). */
function styles() {
  // Tests run from apps/web.
  const antd = createRequire(join(process.cwd(), 'package.json')).resolve(
    'antd-mobile/es/components/toast/toast.css',
  );
  const ours = join(process.cwd(), 'src/app/global.css');
  for (const css of [readFileSync(antd, 'utf8'), readFileSync(ours, 'utf8')]) {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.appendChild(style);
  }
}

async function shown(): Promise<HTMLElement> {
  for (let i = 0; i < 100; i++) {
    const main = document.querySelector<HTMLElement>('.adm-toast-main');
    if (main) return main;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no toast');
}

describe('toasts', () => {
  it("wrap whole words (antd-mobile's break-all cut 'Chún/g' and 'a n/ew one'), and sit off the form", async () => {
    styles();
    toast.fail('Mật khẩu không đúng. Chúng tôi đã gửi một mã mới.');
    const main = await shown();
    const style = getComputedStyle(main);
    expect(style.wordBreak).toBe('normal');
    expect(style.overflowWrap).toBe('break-word');
    // A message sits near the top, not over the middle of the form.
    expect(main.style.top).toBe('20%');
  });
});
