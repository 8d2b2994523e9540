// The decision records (docs/decisions/) keep their form and their index: every record has its
// number and title, a Date and a Status (a superseded one names the record that replaced it), and
// docs/decisions/README.md lists each with the same title, date and status. A record added
// without them, or left out of the index, fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = new URL('../docs/decisions/', import.meta.url).pathname;
const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/;
const STATUS =
  /^(proposed|accepted|rejected|deprecated|superseded by \[(\d{4})\]\((\2-[a-z0-9-]+\.md)\))$/;

/** A record's head: its number, title, date and status as written in its first lines. */
function head(file) {
  const lines = readFileSync(join(folder, file), 'utf8').split('\n');
  const title = /^# (\d{4}): (.+)$/.exec(lines[0] ?? '');
  const field = (name) =>
    lines
      .slice(1, 8)
      .find((line) => line.startsWith(`${name}: `))
      ?.slice(name.length + 2);
  return { number: title?.[1], title: title?.[2], date: field('Date'), status: field('Status') };
}

const records = readdirSync(folder)
  .filter((file) => RECORD.test(file) && file !== '0000-template.md')
  .sort();

/** The index's rows: | [NNNN](file) | title | date | status | */
function indexRows() {
  const rows = new Map();
  const text = readFileSync(join(folder, 'README.md'), 'utf8');
  for (const [, number, file, title, date, status] of text.matchAll(
    /^\| \[(\d{4})\]\(([^)]+)\) \| (.+?) \| (\S+) \| (.+?) \|$/gm,
  )) {
    rows.set(file, { number, title, date, status });
  }
  return rows;
}

describe('the decision records', () => {
  it('are there, with the template', () => {
    expect(records.length).toBeGreaterThan(30);
    const template = readFileSync(join(folder, '0000-template.md'), 'utf8');
    for (const part of ['Date: ', 'Status: ', '## Context', '## Decision', '## Consequences']) {
      expect(template).toContain(part);
    }
  });

  it.each(records)('%s has its number, title, Date and Status', (file) => {
    const { number, title, date, status } = head(file);
    expect(number, 'first line "# NNNN: title"').toBe(RECORD.exec(file)?.[1]);
    expect(title).toBeTruthy();
    expect(date, 'a line "Date: YYYY-MM-DD"').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    expect(
      status,
      'a line "Status: accepted" (or proposed, superseded by [NNNN](file)...)',
    ).toMatch(STATUS);
    const replacedBy = STATUS.exec(status ?? '')?.[3];
    if (replacedBy) expect(existsSync(join(folder, replacedBy)), replacedBy).toBe(true);
  });

  it('have one number each', () => {
    const numbers = records.map((file) => file.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('are each listed in the index with their title, date and status, and nothing else is', () => {
    const rows = indexRows();
    for (const file of records) {
      const { number, title, date, status } = head(file);
      expect(rows.get(file), `${file} in docs/decisions/README.md`).toEqual({
        number,
        title,
        date,
        status,
      });
    }
    expect([...rows.keys()].sort()).toEqual(records);
  });
});
