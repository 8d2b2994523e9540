import { randomUUID, webcrypto } from 'node:crypto';
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

/** What a valid token says: whom it is for, which session it is and when it ends. */
export interface VerifiedToken {
  subject: TokenSubject;
  /**
   * The token's `jti`, which signing out records as ended. Null in tokens made before tokens
   * carried one: those work until they expire but cannot be ended one by one.
   */
  sessionId: string | null;
  /** The token's `exp`, in seconds since the epoch. */
  expiresAt: number;
}

/** How many verified tokens each secret remembers (about 2 MB); the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 10_000;

interface Signer {
  /**
   * Imported once: given raw bytes, jose imports a WebCrypto key on every call, which cost more
   * than the check itself on each signed-in request.
   */
  key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature was verified, with what they say: a token is the same bytes on every
   * request of a session, and verifying an HMAC through WebCrypto was a large part of the cost
   * of a signed-in request. Only the signature's verdict is kept: expiry is checked on every
   * use, and revocation (the token version, an ended session) is the caller's check against
   * the database on every request.
   */
  verified: Map<string, VerifiedToken>;
}

const signers = new Map<string, Signer>();

function signer(secret: string): Signer {
  let found = signers.get(secret);
  if (!found) {
    const key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    found = { key, verified: new Map() };
    signers.set(secret, found);
  }
  return found;
}

/** Instances' clocks may differ this much: a token issued by one is good at once on another. */
export const CLOCK_SKEW_SECONDS = 60;

/** Seconds since the epoch, as jose compares `exp` with. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function signToken(
  subject: TokenSubject,
  secret: string,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return (
    new SignJWT({ ver: subject.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(subject.id)
      // Names this session, so that signing out can end it alone.
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
      .sign(await signer(secret).key)
  );
}

export type TokenCheck =
  ({ ok: true } & VerifiedToken) | { ok: false; reason: 'expired' | 'invalid' };

/** The one spelling of a UUID that randomUUID writes; the database compares `jti` as a uuid. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Checks signature, algorithm and expiry; answers who the token is for, or why it is refused. */
export async function verifyToken(token: string, secret: string): Promise<TokenCheck> {
  const { key, verified } = signer(secret);
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > nowSeconds()) return { ok: true, ...known };
    verified.delete(token);
    return { ok: false, reason: 'expired' };
  }
  try {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    const { sub, ver, iat, exp, jti } = payload;
    // A token this server did not make as it makes them (no end, or a longer life than it gives,
    // e.g. signed with a leaked key by someone who wanted it to last) is refused.
    if (
      typeof sub !== 'string' ||
      typeof ver !== 'number' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp - iat > TOKEN_LIFETIME_SECONDS ||
      iat > nowSeconds() + CLOCK_SKEW_SECONDS ||
      (jti !== undefined && !UUID.test(jti))
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const found = {
      subject: { id: sub, tokenVersion: ver },
      sessionId: jti ?? null,
      expiresAt: exp,
    };
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, found);
    return { ok: true, ...found };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
