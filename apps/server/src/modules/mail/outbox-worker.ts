import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import {
  claimNextMail,
  enqueueMail,
  markMailFailed,
  markMailSent,
  type OutboxRow,
} from './outbox-repository.ts';
import { MAIL_LEASE_MS, MAX_MAIL_ATTEMPTS, retryDelayMs } from './retry-schedule.ts';

export interface OutboxRun {
  sent: number;
  failed: number;
  gaveUp: number;
}

/** A message about an order (queued with `about`) that the mail server accepted. */
export interface SentAbout {
  orderId: string;
  subject: string;
  to: string;
}

/**
 * Called in the transaction that marks a message about an order sent: the orders module puts
 * the e-mail on the order's timeline this way, so the outbox knows no feature.
 */
export type SentHook = (tx: Database, sent: SentAbout) => Promise<void>;

export interface OutboxWorker {
  /**
   * Adds a message to the outbox in the caller's transaction: the way other modules send mail
   * that must exist exactly when their change does (the outbox's queries stay in this module).
   * `secret`, a part of the message such as a link's key, is kept only until the message is
   * sent or given up; then its row shows a placeholder instead (SECRET_REMOVED).
   */
  queue(
    tx: Database,
    message: MailMessage,
    about?: { orderId: string },
    secret?: string,
  ): Promise<void>;
  /** Adds a hook run when a message about an order is marked sent (see SentHook). */
  onSent(hook: SentHook): void;
  /** Sends every message due now, one at a time, and answers what happened. */
  runOnce(): Promise<OutboxRun>;
  /** Polls in the background until stopped (server.ts; tests call runOnce instead). */
  start(): void;
  /** Asks a started worker for a run soon, e.g. after a message was queued. */
  nudge(): void;
  /** Stops polling and waits for the message being sent, if any. */
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Between background runs; a nudge starts one at once. */
  pollMs?: number;
}

const DEFAULT_POLL_MS = 5_000;

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1_000);

/**
 * Sends the outbox's messages with retries. Several workers (one per server instance) may run
 * against one PostgreSQL database: each message is claimed by one of them with
 * `FOR UPDATE SKIP LOCKED` and a lease (outbox-repository.ts), so they share the work without
 * a leader and none sends a message another is sending. SMTP has no transaction with the
 * database: a worker killed between the server's acceptance and the row's update sends that
 * message again once the lease ends (at least once, never lost).
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, clock, log } = options;
  const sentHooks: SentHook[] = [];
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let runAgain = false;

  async function attempt(mail: OutboxRow, run: OutboxRun): Promise<void> {
    try {
      await mailer.deliver({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      const gaveUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
      const nextAttemptAt = gaveUp
        ? null
        : new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
      await markMailFailed(db, mail.id, { error: errorText(error), nextAttemptAt });
      const details = {
        err: error,
        mailId: mail.id,
        subject: mail.subject,
        attempts: mail.attempts,
      };
      if (gaveUp) {
        run.gaveUp += 1;
        log.error(details, 'gave up sending an e-mail; it stays in the mail_outbox table');
      } else {
        run.failed += 1;
        log.warn({ ...details, nextAttemptAt }, 'an e-mail could not be sent; it will be retried');
      }
      return;
    }
    await recordSent(mail);
    run.sent += 1;
  }

  /**
   * Marks the message sent; one that tells of an order is handed to the sent hooks in the same
   * transaction, so the order's timeline lists exactly the e-mails marked sent.
   */
  async function recordSent(mail: OutboxRow): Promise<void> {
    if (!mail.orderId) {
      await markMailSent(db, mail.id, clock.now());
      return;
    }
    await db.transaction(async (tx) => {
      const orderId = await markMailSent(tx, mail.id, clock.now());
      if (!orderId) return;
      for (const hook of sentHooks) await hook(tx, { orderId, subject: mail.subject, to: mail.to });
    });
  }

  async function runOnce(): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, failed: 0, gaveUp: 0 };
    // A failed message moves into the future, so each message is tried at most once per run.
    while (!stopped) {
      const now = clock.now();
      const mail = await claimNextMail(db, now, new Date(now.getTime() + MAIL_LEASE_MS));
      if (!mail) break;
      await attempt(mail, run);
    }
    return run;
  }

  function schedule(delayMs: number): void {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(background, delayMs);
    // The HTTP server keeps the process alive, not this timer.
    timer.unref();
  }

  function background(): void {
    running = runOnce()
      .then(
        () => {},
        (error: unknown) => log.warn({ err: error }, 'the mail outbox could not be read'),
      )
      .finally(() => {
        running = undefined;
        const soon = runAgain;
        runAgain = false;
        schedule(soon ? 0 : pollMs);
      });
  }

  return {
    queue: (tx, message, about, secret) =>
      enqueueMail(tx, message, clock.now(), about?.orderId ?? null, secret ?? null),
    onSent: (hook) => sentHooks.push(hook),
    runOnce,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    nudge() {
      if (running) runAgain = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
