// HTTP helpers of `npm run test:image`: requests to a container's published port.
/* global fetch, AbortSignal -- Node's own, since Node 18 */

/** One request; answers { status, text, json, ms } (status 0 when nothing answered). */
export async function request(base, method, path, { token, body, timeoutMs = 15_000 } = {}) {
  const started = Date.now();
  try {
    const res = await fetch(new URL(path, base), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      status: res.status,
      text,
      json,
      type: res.headers.get('content-type') ?? '',
      ms: Date.now() - started,
    };
  } catch (error) {
    return { status: 0, text: String(error), json: undefined, type: '', ms: Date.now() - started };
  }
}

/** Polls GET path every 250 ms until it answers 200; answers the seconds it took, or throws. */
export async function waitFor200(base, path, timeoutMs, stillRunning = () => true) {
  const started = Date.now();
  let last;
  while (Date.now() - started < timeoutMs) {
    last = await request(base, 'GET', path, { timeoutMs: 3_000 });
    if (last.status === 200) return (Date.now() - started) / 1000;
    if (!stillRunning()) throw new Error(`the container stopped before ${path} answered 200`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${path} did not answer 200 within ${timeoutMs / 1000} s (last: ${last?.status} ${last?.text.slice(0, 200)})`,
  );
}

/** Signs in; answers the token, or throws with the answer. */
export async function signIn(base, email, password) {
  const res = await request(base, 'POST', '/api/users/login', { body: { email, password } });
  if (res.status !== 200 || !res.json?.token) {
    throw new Error(`sign-in of ${email}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  return res.json.token;
}

export function expectStatus(res, status, what) {
  if (res.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res;
}
