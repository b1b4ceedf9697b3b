// Issue 12 (alliance): contract rows, to be written.
export {};
