import { appendFileSync } from 'node:fs';

/**
 * Records what a cluster test proved, with its counts. `npm run test:cluster` collects these
 * lines in CLUSTER_PROOFS_FILE and prints them after the run; without it they go to the console.
 */
export function proved(line: string): void {
  const file = process.env.CLUSTER_PROOFS_FILE;
  if (file) appendFileSync(file, `${line}\n`);
  else console.log(line);
}
