// Issue 12 (shop): contract rows, to be written.
export {};
