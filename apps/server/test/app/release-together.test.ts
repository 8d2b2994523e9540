import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { countStatuses, releaseCopies, releaseTogether } from '../helpers/release-together.ts';

// The concurrency helper the limit and permission tests rely on: no request may be judged before
// the release, and every request must be judged after it.
describe('releaseTogether', () => {
  const app = Fastify();
  const seen: { at: number; body: unknown }[] = [];
  let released = 0;
  app.post('/probe', async (request) => {
    seen.push({ at: performance.now(), body: request.body });
    return { n: seen.length };
  });
  app.get('/probe', async () => {
    seen.push({ at: performance.now(), body: undefined });
    return { n: seen.length };
  });
  afterAll(() => app.close());

  it('holds every request back until all are ready, then lets them all through', async () => {
    const prepared = Array.from({ length: 30 }, (_, i) => ({
      method: 'POST' as const,
      url: '/probe',
      payload: { i },
    }));
    let seenBeforeRelease = -1;
    const answers = await releaseTogether(app, prepared, {
      // Every connection holds all but one byte: no handler may have run yet.
      beforeRelease: async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seenBeforeRelease = seen.length;
        released = performance.now();
      },
    });
    expect(seenBeforeRelease).toBe(0);
    expect(countStatuses(answers)).toEqual({ 200: 30 });
    expect(seen).toHaveLength(30);
    expect(seen.every(({ at }) => at >= released)).toBe(true);
    expect(new Set(seen.map(({ body }) => (body as { i: number }).i)).size).toBe(30);
  });

  it('releases bodiless requests too, and parses their answers', async () => {
    const answers = await releaseCopies(app, { method: 'GET', url: '/probe' }, 5);
    expect(countStatuses(answers)).toEqual({ 200: 5 });
    expect(answers.map((a) => a.json<{ n: number }>().n).sort()).toHaveLength(5);
  });
});
