// Every operation of /api/openapi.json lists the error answers it can give, each with the
// `{ message }` body of the error handler; and the answers the routes really give to callers
// who are signed out, ask for an id that does not exist or send a broken body are among them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Operation {
  name: string;
  method: string;
  path: string;
  access: 'public' | 'guest' | 'user' | 'admin';
  hasBody: boolean;
  hasQuery: boolean;
  responses: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }>;
}

/** Routes that cannot refuse a request with a 4xx answer: they take no input and need no sign-in. */
const NO_CLIENT_ERROR = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/products/top',
  'GET /api/categories',
  'GET /api/brands',
  'GET /api/config/pay',
  'GET /api/config/checkout',
];

const errorStatuses = (op: Operation) =>
  Object.keys(op.responses)
    .map(Number)
    .filter((status) => status >= 400);

describe('error answers in the OpenAPI document', () => {
  let t: TestApp;
  let ops: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => {
        const parameters = (op.parameters ?? []) as { in: string }[];
        return {
          name: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          access: op['x-access'] as Operation['access'],
          hasBody: op.requestBody !== undefined,
          hasQuery: parameters.some((parameter) => parameter.in === 'query'),
          responses: op.responses as Operation['responses'],
        };
      }),
    );
  });
  afterAll(() => t.close());

  it('gives every operation its error answers, each the { message } body', () => {
    expect(ops.length).toBeGreaterThanOrEqual(29);
    for (const op of ops) {
      const statuses = errorStatuses(op);
      // Every route answers 503 while the server shuts down or the database does not answer.
      expect(statuses, op.name).toContain(503);
      if (op.access !== 'public') expect(statuses, op.name).toContain(401);
      if (op.access === 'admin') expect(statuses, op.name).toContain(403);
      if (op.path.includes('{id}')) expect(statuses, op.name).toContain(404);
      if (op.hasQuery) expect(statuses, op.name).toContain(400);
      if (op.hasBody) expect(statuses, op.name).toEqual(expect.arrayContaining([400, 413, 415]));
      if (!NO_CLIENT_ERROR.includes(op.name)) {
        expect(
          statuses.some((status) => status < 500),
          `${op.name} lists no 4xx answer`,
        ).toBe(true);
      }
      for (const status of statuses) {
        const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
        expect(schema, `${op.name} ${status}`).toMatchObject({
          type: 'object',
          properties: { message: { type: 'string' } },
          required: ['message'],
        });
      }
    }
  });

  it('lists the answers the routes really give to a signed-out caller, an unknown id and a broken body', async () => {
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    for (const op of ops) {
      const url = op.path.replace('{id}', randomUUID());
      const method = op.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const answers = [
        await t.app.inject({ method, url }),
        await t.app.inject({ method, url, headers: admin.headers }),
      ];
      if (op.hasBody) {
        for (const payload of ['{"broken": ', JSON.stringify({ filler: 'x'.repeat(1_100_000) })]) {
          answers.push(
            await t.app.inject({
              method,
              url,
              headers: { ...admin.headers, 'content-type': 'application/json' },
              payload,
            }),
          );
        }
        answers.push(
          await t.app.inject({
            method,
            url,
            headers: { ...admin.headers, 'content-type': 'text/csv' },
            payload: 'a,b',
          }),
        );
      }
      const declared = errorStatuses(op);
      for (const res of answers.filter((answer) => answer.statusCode >= 400)) {
        expect(declared, `${op.name} answered ${res.statusCode}: ${res.body}`).toContain(
          res.statusCode,
        );
        expect(Object.keys(res.json()), op.name).toEqual(['message']);
      }
    }
  });
});
