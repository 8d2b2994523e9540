/** One cached answer: the exact bytes sent and their ETag, computed once when it was stored. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** The compressed forms sent so far, by the exact Accept-Encoding header they answered. */
  encoded: Map<string, EncodedBody>;
}

/** A compressed form of an answer, with the headers that say so. */
export interface EncodedBody {
  body: Buffer;
  headers: Record<string, string>;
}

/** Browsers send one Accept-Encoding header each; a client making up more gets no more forms. */
const MAX_ENCODED_FORMS = 4;

export interface ResponseStoreLimits {
  /** Most answers held; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes of bodies held, so that large answers cannot add up without bound. */
  maxBytes: number;
}

/**
 * The answers of the public catalogue reads, by request URL, least recently used dropped first,
 * so that a crawler asking for endless keywords or pages costs a bounded amount of memory.
 *
 * Every change of the catalogue raises the generation and empties the store. A reader notes the
 * generation before it queries the database and may store its answer only if no change came in
 * meanwhile: an answer read before a change can never be stored after it.
 */
export class ResponseStore {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  private currentGeneration = 0;
  private accepting: boolean;

  constructor(
    private readonly limits: ResponseStoreLimits,
    options: { accepting: boolean },
  ) {
    this.accepting = options.accepting;
  }

  /** Changes with every invalidation; pass it back to `set`. */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map keeps insertion order: moving a hit to the end keeps the oldest-used first.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Stores an answer read at `generation`; ignored if anything changed since or while paused. */
  set(key: string, entry: CachedAnswer, generation: number): void {
    if (!this.accepting || generation !== this.currentGeneration) return;
    if (sizeOf(entry) > this.limits.maxBytes) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    this.evictOverLimits();
  }

  /**
   * Adds a compressed form to the answer stored under `key`; ignored when that answer has been
   * replaced or dropped since, or already has enough forms.
   */
  addEncoded(key: string, answer: CachedAnswer, acceptEncoding: string, form: EncodedBody): void {
    if (this.entries.get(key) !== answer || answer.encoded.size >= MAX_ENCODED_FORMS) return;
    answer.encoded.set(acceptEncoding, form);
    this.bytes += form.body.length;
    this.evictOverLimits();
  }

  /** Forgets every answer and refuses the ones read before this call. */
  invalidate(): void {
    this.currentGeneration += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * While paused nothing is stored or served: used while this instance cannot hear of other
   * instances' changes. Either switch also invalidates, since changes may have been missed.
   */
  setAccepting(accepting: boolean): void {
    this.accepting = accepting;
    this.invalidate();
  }

  get isAccepting(): boolean {
    return this.accepting;
  }

  private evictOverLimits(): void {
    for (const [oldestKey] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldestKey);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }
}

function sizeOf(answer: CachedAnswer): number {
  let bytes = answer.body.length;
  for (const form of answer.encoded.values()) bytes += form.body.length;
  return bytes;
}
