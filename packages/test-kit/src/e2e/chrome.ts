import { existsSync } from 'node:fs';

/**
 * The browser the tests drive: `CHROME_PATH` when set; else Debian's headless shell
 * (`chromium-headless-shell`, the old headless mode, which Playwright itself drives by default),
 * when installed; else Debian's full Chromium in its new headless mode.
 *
 * The shell draws the same pixels (every visual baseline passed unchanged on it) at about two
 * thirds of the CPU: a visual look that took 6.7 s on the full browser took 4.2 s on the shell,
 * measured on this 2-core machine (docs/testing.md, "Which browser"). `.ci/run` installs it.
 * Lighthouse (the benches) keeps the full browser: it audits what a person's Chrome does.
 */
export const SHELL = '/usr/bin/chromium-headless-shell';
export const FULL = '/usr/bin/chromium';

export function chromePath(): string {
  return process.env.CHROME_PATH ?? (existsSync(SHELL) ? SHELL : FULL);
}

/**
 * The switches every test browser starts with: no sandbox in a container, software drawing, and
 * V8's baseline tiers only (no Maglev, no TurboFan). A test page lives a few seconds, too short
 * for optimized code to pay for its compiling, which ran on the other core: on the 89 screens in one
 * language (six workers) the run's CPU fell from 441 to 374 s and its time from 226 to 194 s, with
 * every picture the same (docs/testing.md "Where a look's time goes").
 */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--js-flags=--no-opt --no-maglev',
];
