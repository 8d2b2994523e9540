import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackgroundMail, START_DELAY_MS } from '../../src/modules/mail/background-mail.ts';

describe('background mail', () => {
  const log = { error: vi.fn() };
  beforeEach(() => {
    vi.useFakeTimers();
    log.error.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('starts a task at a moment 0.2 to 1.2 s after it is handed over, not right away', async () => {
    const mail = createBackgroundMail(log);
    const task = vi.fn(async () => {});
    mail.start('sending', task);
    await vi.advanceTimersByTimeAsync(START_DELAY_MS.min - 1);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(START_DELAY_MS.max - START_DELAY_MS.min + 1);
    expect(task).toHaveBeenCalledOnce();
  });

  it('picks the moment at random', async () => {
    const mail = createBackgroundMail(log);
    const startedAt: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      mail.start('sending', async () => {
        startedAt.push(Date.now());
      });
    }
    await vi.advanceTimersByTimeAsync(START_DELAY_MS.max);
    expect(startedAt).toHaveLength(20);
    expect(new Set(startedAt).size).toBeGreaterThan(5);
  });

  it('starts what waits at once when settled is asked for, and waits for it to end', async () => {
    const mail = createBackgroundMail(log);
    let ended = false;
    mail.start('sending', async () => {
      await Promise.resolve();
      ended = true;
    });
    mail.start('nothing to send');
    await mail.settled();
    expect(ended).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a failed task instead of throwing it', async () => {
    const mail = createBackgroundMail(log);
    mail.start('sending a reset code', async () => {
      throw new Error('mail server gone');
    });
    await mail.settled();
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'sending a reset code failed',
    );
  });
});
