import { describe, expect, it } from 'vitest';
import { ResponseStore } from '../../src/modules/catalogue-cache/response-store.ts';

const answer = (text: string) => ({
  body: Buffer.from(text),
  etag: `W/"${text}"`,
  encoded: new Map(),
});
const form = (text: string) => ({ body: Buffer.from(text), headers: { 'content-encoding': 'br' } });

describe('catalogue response store', () => {
  it('holds at most maxEntries answers, dropping the least recently used first', () => {
    const store = new ResponseStore({ maxEntries: 2, maxBytes: 1_000 }, { accepting: true });
    store.set('/a', answer('a'), store.generation);
    store.set('/b', answer('b'), store.generation);
    expect(store.get('/a')?.body.toString()).toBe('a'); // /a is now the most recently used
    store.set('/c', answer('c'), store.generation);
    expect(store.size).toBe(2);
    expect(store.get('/b')).toBeUndefined();
    expect(store.get('/a')?.body.toString()).toBe('a');
    expect(store.get('/c')?.body.toString()).toBe('c');
  });

  it('holds at most maxBytes of bodies, and never one answer larger than that', () => {
    const store = new ResponseStore({ maxEntries: 100, maxBytes: 10 }, { accepting: true });
    store.set('/a', answer('aaaa'), store.generation);
    store.set('/b', answer('bbbb'), store.generation);
    store.set('/c', answer('cccc'), store.generation);
    expect(store.get('/a')).toBeUndefined();
    expect(store.size).toBe(2);
    store.set('/huge', answer('x'.repeat(11)), store.generation);
    expect(store.get('/huge')).toBeUndefined();
    expect(store.size).toBe(2);
  });

  it('counts compressed forms in maxBytes, and keeps them only with their own answer', () => {
    const store = new ResponseStore({ maxEntries: 100, maxBytes: 12 }, { accepting: true });
    const a = answer('aaaa');
    store.set('/a', a, store.generation);
    store.set('/b', answer('bbbb'), store.generation);
    store.addEncoded('/a', a, 'br', form('xx'));
    expect(store.get('/a')?.encoded.get('br')?.body.toString()).toBe('xx');
    // 4 + 2 + 4 bytes held; 4 more are too many, so the least recently used (/b) goes.
    store.addEncoded('/a', a, 'gzip', form('yyyy'));
    expect(store.get('/b')).toBeUndefined();
    expect(store.size).toBe(1);
    // A form of an answer that was replaced meanwhile is not kept.
    store.set('/a', answer('AAAA'), store.generation);
    store.addEncoded('/a', a, 'deflate', form('z'));
    expect(store.get('/a')?.encoded.size).toBe(0);
  });

  it('refuses an answer read before an invalidation, so a change is never hidden', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1_000 }, { accepting: true });
    store.set('/a', answer('old'), store.generation);
    const readAt = store.generation; // a read starts...
    store.invalidate(); // ...a change commits meanwhile...
    store.set('/b', answer('stale'), readAt); // ...and the read ends
    expect(store.get('/a')).toBeUndefined();
    expect(store.get('/b')).toBeUndefined();
    store.set('/b', answer('fresh'), store.generation);
    expect(store.get('/b')?.body.toString()).toBe('fresh');
  });

  it('stores and serves nothing while paused, and starts empty when resumed', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1_000 }, { accepting: true });
    store.set('/a', answer('a'), store.generation);
    store.setAccepting(false);
    expect(store.get('/a')).toBeUndefined();
    store.set('/a', answer('a'), store.generation);
    expect(store.get('/a')).toBeUndefined();
    store.setAccepting(true);
    expect(store.size).toBe(0);
    store.set('/a', answer('a'), store.generation);
    expect(store.get('/a')?.body.toString()).toBe('a');
  });
});
