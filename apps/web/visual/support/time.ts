/**
 * The story's clock (history.ts): it starts on Wednesday 11 November 2026 at 09:00 in Ho Chi Minh
 * City and stands, for every picture, on Friday 20 November at 10:00. Apart from history.ts so the
 * Playwright config can read it without loading the API helpers.
 */
export const START = '2026-11-11T02:00:00.000Z';
export const NOW = '2026-11-20T03:00:00.000Z';
