// The notices' door: what tells a merchant something happened (docs/architecture.md "Modules").
export { type NoticeType, notify, notifyOrder } from './notices.repository';
