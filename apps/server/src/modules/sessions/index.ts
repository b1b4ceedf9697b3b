// The sessions module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { type SessionPolicy, Sessions } from './sessions';
