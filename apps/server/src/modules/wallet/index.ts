// The wallet module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { WithdrawalClock, withdrawalClockPlugin } from './withdrawal-clock';
