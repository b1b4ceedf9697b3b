/** Pending items one queue screen holds (the server's first); its size is the server's `total`. */
export const QUEUE_LIMIT = 50;
/** Queues refresh on their own: another operator may have decided items meanwhile. */
export const QUEUE_REFRESH_MS = 30_000;
