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

/** The switches every test browser starts with (no sandbox in a container, software drawing). */
export const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
