import { passCode, passStep, signedPassToken, stepStart } from './pass-format.js';

export interface SignedPass {
  /** What the QR code carries. */
  token: string;
  /** What a person can read out or type at the counter. */
  code: string;
  step: number;
  /** The pass is refused from this instant (the end of the step after the one it was signed in). */
  expiresAt: Date;
  /** A new pass exists from this instant: the screen should fetch it then. */
  refreshAt: Date;
}

/**
 * The pass of one subscription for the current time step: a signed token and its human code. It
 * proves only which subscription it is for and when it was made; whether that subscription gives
 * access is decided at the counter, when it is verified.
 */
export function signPass(
  secret: string,
  pass: { nestId: string; subscriptionId: string },
  now: Date = new Date(),
): SignedPass {
  const { nestId, subscriptionId } = pass;
  const step = passStep(now);
  const token = signedPassToken(secret, nestId, subscriptionId, step);
  return {
    token,
    code: passCode(secret, subscriptionId, step),
    step,
    expiresAt: stepStart(step + 2),
    refreshAt: stepStart(step + 1),
  };
}
