/** The time source. Everything that reads the time takes it from here, so tests move it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private t = Date.UTC(2026, 10, 22, 8, 0, 0)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * The system clock moved forward by hand: for browser tests of the real server (TEST_CLOCK=1, never
 * in production), where a settlement three days after receipt must happen in a minute. Started at
 * a time (`TEST_CLOCK_AT`), it stands still there until moved, so pictures of screens repeat.
 */
export class OffsetClock implements Clock {
  private offset = 0;
  constructor(private readonly stoppedAt: number | null = null) {}
  now(): number {
    return (this.stoppedAt ?? Date.now()) + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

export const iso = (ms: number): string => new Date(ms).toISOString();
