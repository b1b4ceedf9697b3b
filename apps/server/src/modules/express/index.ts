// The express module's door: what other modules (and app.ts, cli/, plugins/) may import of it.

export { seedExpressPackages } from './express.seed';
export { endPromotions } from './express-jobs';
