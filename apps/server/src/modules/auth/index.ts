// The auth module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { signHandoff } from './handoff';
export { createMerchant } from './registration';
