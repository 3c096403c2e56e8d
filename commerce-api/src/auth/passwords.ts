// argon2id with OWASP's parameters (m=19 MiB, t=2, p=1). argon2 hashes on libuv's thread pool,
// so hashing never blocks the event loop.
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return referenceEncoding(await argon2.hash(password, OPTIONS));
}

/**
 * node-argon2 writes the parameters as `m=…,p=…,t=…`; the reference implementation (and strict
 * parsers such as PHP's password_verify) use `m=…,t=…,p=…`. We store the reference form so the
 * hashes move to any other stack; node-argon2 reads both.
 */
function referenceEncoding(hash: string): string {
  return hash.replace(
    /\$m=(\d+),p=(\d+),t=(\d+)\$/,
    (_all, m: string, p: string, t: string) => `$m=${m},t=${t},p=${p}$`,
  );
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the username is unknown, so that an unknown
 * user and a wrong password take the same time and get the same answer.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= argon2.hash(`decoy-${Math.random()}`, OPTIONS);
  return decoy;
}
