// Node's flags for the shop's server, in one place: `npm start` (scripts/start.mjs) and the
// benches (bench/lib/processes.mjs) run it with them; deploy/Dockerfile's CMD repeats them.
//
// --max-semi-space-size=4: V8's young generation grows to 3 × 16 MB under load and keeps those
// pages afterwards; capped at 4 MB, the PostgreSQL-backed server fell back to about 140 MB idle
// after the memory bench's load instead of 210 MB, with no fewer requests served
// (docs/decisions/0033).
export const serverNodeFlags = ['--max-semi-space-size=4'];
