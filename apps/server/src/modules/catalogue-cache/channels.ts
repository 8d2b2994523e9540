/** A committed catalogue change, announced to every instance; the payload names the change. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** An instance's answer to a change on CATALOGUE_CHANNEL: it dropped its cache (same payload). */
export const SEEN_CHANNEL = 'catalogue_seen';

/**
 * The shared advisory lock every listening session holds (two int4 keys, so it cannot meet the
 * bigint key that serialises migrations): pg_locks lists the sessions that will hear a change.
 */
export const LISTENER_LOCK = { classId: 720_311, objId: 8 } as const;
