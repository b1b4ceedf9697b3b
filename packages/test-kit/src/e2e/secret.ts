/**
 * The server's SECRET in the browser tests: the Playwright configs give it to the server they
 * start, and the specs sign third-party handoffs with it (server.ts `signHandoff`).
 */
export const E2E_SECRET = 'e2e-only-secret-0123456789abcdef0123456789';
