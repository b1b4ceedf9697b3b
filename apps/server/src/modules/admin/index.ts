// The admin module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { createOperator } from './operators';
export { OperatorsAdmin } from './operators.service';
export { presetReasons, type Rejection, rejectionReason } from './reasons';
