import { totpCode, totpStep } from '@gatehouse/core/testing';

/**
 * An authenticator app for one secret (as the Security page shows it). The server accepts each
 * time step once per user (README, D1), so every code is for a step after the last one given.
 */
export class Authenticator {
  private lastStep = 0;

  constructor(private readonly secret: string) {}

  /** The code for the next unused step, waiting when that step is not yet within the window. */
  async nextCode(): Promise<string> {
    const step = Math.max(this.lastStep + 1, totpStep(Date.now()));
    // One step ahead is accepted (clock drift), more is not.
    while (step > totpStep(Date.now()) + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
    this.lastStep = step;
    return totpCode(this.secret, step);
  }
}
