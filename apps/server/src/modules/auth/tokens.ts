import { errors, jwtVerify, SignJWT } from 'jose';

/** Sessions last a week; after that the shopper signs in again. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** The only algorithm accepted: a token naming another (or `none`) is refused. */
const ALGORITHM = 'HS256';

export interface TokenSubject {
  id: string;
  /** The user's token version when the token was made; raising it revokes the token. */
  tokenVersion: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export function signToken(
  subject: TokenSubject,
  secret: string,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: subject.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(subject.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(key(secret));
}

export type TokenCheck =
  { ok: true; subject: TokenSubject } | { ok: false; reason: 'expired' | 'invalid' };

/** Checks signature, algorithm and expiry; answers who the token is for, or why it is refused. */
export async function verifyToken(token: string, secret: string): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM] });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, subject: { id: payload.sub, tokenVersion: payload.ver } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
