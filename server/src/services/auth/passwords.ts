import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum-memory profile (19 MiB, t=2): cheap enough for 2-core machines.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most two argon2 computations at a time in this process: a burst of sign-ups or guesses queues here
 * instead of taking every core, so ordinary requests (/api/auth/me) stay fast.
 */
const HASH_SLOTS = 2;
let hashActive = 0;
const hashWaiting: (() => void)[] = [];
async function withHashSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (hashActive >= HASH_SLOTS) await new Promise<void>((resolve) => hashWaiting.push(resolve));
  hashActive += 1;
  try {
    return await fn();
  } finally {
    hashActive -= 1;
    hashWaiting.shift()?.();
  }
}

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => withHashSlot(() => hash(password, ARGON2));
export const verifyPassword = (stored: string, password: string) =>
  withHashSlot(() => verify(stored, password)).catch(() => false);

// A real hash to verify against when the account does not exist, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
