import crypto from 'node:crypto';

/** The shape the SPA uses: 'T-' and the creation time in milliseconds. */
export const timestampTicketNumber = (now = Date.now()) => `T-${now}`;

/**
 * The number the server substitutes for a taken one: the same shape with four random digits after the
 * time, so concurrent substitutes in the same millisecond rarely meet (and retry when they do).
 */
export const generateTicketNumber = (now = Date.now()) =>
  `T-${now}${crypto.randomInt(0, 10_000).toString().padStart(4, '0')}`;
