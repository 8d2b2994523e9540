import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok while the process is up', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers ready when the database answers', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('GET /api/ready answers 503 while the server is shutting down', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const res = await t.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The server is shutting down' });
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });

  it('answers every request with a request id, taking a well-formed one from the caller', async () => {
    const own = await t.app.inject('/api/health');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'a b\u0000<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness when the database is gone', () => {
  it('GET /api/ready answers 503 with a clear message, health still 200', async () => {
    const t = await createTestApp();
    await t.database.close();
    try {
      const ready = await t.app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'The database is not answering' });
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
