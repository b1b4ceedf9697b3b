// Issue 12 (messages): contract rows, to be written.
export {};
