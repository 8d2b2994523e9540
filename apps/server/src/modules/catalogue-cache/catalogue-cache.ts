import { randomUUID } from 'node:crypto';
import type {
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import type { Database } from '../../db/client.ts';
import { announceCatalogueChange, type CatalogueChanges } from './catalogue-changes.ts';
import type { ChangeListener } from './change-listener.ts';
import { ifNoneMatchHolds, weakEtag } from '../../http/etag.ts';
import type { CachedAnswer, ResponseStore } from './response-store.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Callback-style hooks: the cached path is hot, and each async hook costs a promise. */
type OnSendDone = (error: null, payload: unknown) => void;
/**
 * Longest a change waits for the other instances to confirm they dropped their caches. Only an
 * instance that is alive to PostgreSQL but not running (stopped in a debugger, swapping) takes
 * that long; the change is committed either way.
 */
const CONFIRM_TIMEOUT_MS = 1_000;

/**
 * The public catalogue reads (product list and search, top products, product detail) answered
 * from memory, and the one way to change what they show (`change`). Their answers are the same
 * for every caller, signed in or not, so one cached answer serves everyone. See
 * docs/decisions/0008-catalogue-cache.md.
 */
export class CatalogueCache implements CatalogueChanges {
  /** The generation each request saw before its handler read the database. */
  private readonly generationAtRead = new WeakMap<FastifyRequest, number>();
  /** The stored answer a request is being sent, to keep its compressed form with it. */
  private readonly servedAnswer = new WeakMap<FastifyRequest, CachedAnswer>();

  constructor(
    private readonly store: ResponseStore,
    /** With PostgreSQL: how this instance hears of, and confirms, every instance's changes. */
    private readonly listener: ChangeListener | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** False while changes made elsewhere could go unheard: then every read goes to the database. */
  get isCaching(): boolean {
    return this.store.isAccepting;
  }

  /**
   * Changes with every invalidation. The server-written pages (modules/seo) keep their own
   * cache and drop it when this moves; read it before querying, as `ResponseStore.set` does.
   */
  get generation(): number {
    return this.store.generation;
  }

  async change<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
    const listener = this.listener;
    if (!listener) {
      try {
        return await db.transaction(work);
      } finally {
        this.store.invalidate();
      }
    }
    const changeId = randomUUID();
    const answers = listener.expectAnswers(changeId);
    let sessions: number[] = [];
    let result: T;
    try {
      result = await db.transaction(async (tx) => {
        const value = await work(tx);
        sessions = await announceCatalogueChange(tx, changeId);
        return value;
      });
    } catch (error) {
      answers.cancel();
      throw error;
    } finally {
      // Also after a failure: a commit whose answer was lost may still have happened.
      this.store.invalidate();
    }
    const silent = await answers.until(sessions, CONFIRM_TIMEOUT_MS);
    if (silent.length > 0) {
      this.log.warn(
        { sessions: silent },
        'Catalogue change committed, but some instances did not confirm dropping their cache',
      );
    }
    return result;
  }

  /**
   * Makes a GET route a cached read. Its first onRequest hook answers from the cache (304 when
   * the client already holds that answer) before validation, handler and serialisation. Its
   * onSend hooks store what the handler answered, with its ETag, ahead of every other onSend
   * hook (compression included), and, behind them all, the compressed form the client was sent,
   * so that the next client sending the same Accept-Encoding gets it without compressing again.
   */
  hookInto(route: RouteOptions): void {
    route.onRequest = [this.serve, ...asArray(route.onRequest)];
    route.onSend = [this.storeFresh, ...asArray(route.onSend), this.storeEncoded];
  }

  private readonly serve = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) => {
    if (request.method !== 'GET') return done();
    const cached = this.store.get(request.url);
    if (!cached) {
      this.generationAtRead.set(request, this.store.generation);
      return done();
    }
    setValidators(reply, cached);
    if (ifNoneMatchHolds(request.headers['if-none-match'], cached.etag)) {
      reply.code(304).send();
      return;
    }
    reply.type(JSON_TYPE);
    const acceptEncoding = request.headers['accept-encoding'];
    const encoded = acceptEncoding === undefined ? undefined : cached.encoded.get(acceptEncoding);
    if (encoded) {
      // Content-Encoding set: the compression hook leaves the body as it is.
      reply.headers(encoded.headers).send(encoded.body);
      return;
    }
    this.servedAnswer.set(request, cached);
    // Answered here: no done(), so no later onRequest hook nor the handler runs.
    reply.send(cached.body);
  };

  private readonly storeFresh = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: OnSendDone,
  ) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    const answer: CachedAnswer = {
      body: Buffer.from(payload),
      etag: weakEtag(payload),
      encoded: new Map(),
    };
    const generation = this.generationAtRead.get(request);
    if (generation !== undefined) {
      this.store.set(request.url, answer, generation);
      this.servedAnswer.set(request, answer);
    }
    setValidators(reply, answer);
    if (!ifNoneMatchHolds(request.headers['if-none-match'], answer.etag)) {
      return done(null, payload);
    }
    reply.code(304);
    done(null, '');
  };

  private readonly storeEncoded = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: OnSendDone,
  ) => {
    const acceptEncoding = request.headers['accept-encoding'];
    const answer = acceptEncoding ? this.servedAnswer.get(request) : undefined;
    const encoding = answer && reply.getHeader('content-encoding');
    // A stream (compressed on the fly) cannot be kept; a Buffer compressed in one go can.
    if (
      answer &&
      acceptEncoding &&
      typeof encoding === 'string' &&
      encoding !== 'identity' &&
      Buffer.isBuffer(payload)
    ) {
      const vary = reply.getHeader('vary');
      this.store.addEncoded(request.url, answer, acceptEncoding, {
        body: payload,
        headers: {
          'content-encoding': encoding,
          ...(typeof vary === 'string' ? { vary } : {}),
        },
      });
    }
    done(null, payload);
  };
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** A client may keep the answer but must ask again each time (and gets 304 if it is unchanged). */
function setValidators(reply: FastifyReply, answer: CachedAnswer): void {
  reply.header('etag', answer.etag);
  reply.header('cache-control', 'no-cache');
}
