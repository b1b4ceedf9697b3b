// The store module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { BuyerSessions } from './buyer-sessions';
export { VisitorIds } from './visitors';
