// Issue 12 (express): contract rows, to be written.
export {};
