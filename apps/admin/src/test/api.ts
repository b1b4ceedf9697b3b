// The merchant app's fake API (a `METHOD /path` → envelope table behind `fetch`; a call to a route
// the test did not mock fails the test), shared rather than copied.
export { assertNoUnmockedCalls, type Call, mockApi, ok, refusal } from '../../../web/src/test/api';
