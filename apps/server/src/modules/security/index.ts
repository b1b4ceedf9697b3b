// The security module's door: the history every security-relevant change appends to, and the
// sign-in that opens a merchant session and tells a new device (docs/security.md).
export { originParams, recordSecurityEvent, signIn } from './security.service';
