import { describe, expect, it } from 'vitest';
import {
  activeFromCsv,
  OPTION_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  statusFromCsv,
} from './product-csv.ts';
import { MAX_OPTIONS } from './variants.ts';

describe('the products CSV columns', () => {
  it('have a name and value pair for each option a product may have', () => {
    expect(OPTION_CSV_COLUMNS).toHaveLength(MAX_OPTIONS);
    expect(new Set(PRODUCT_CSV_COLUMNS).size).toBe(PRODUCT_CSV_COLUMNS.length);
  });
});

describe('activeFromCsv', () => {
  it('reads yes and no in the ways spreadsheets write them, empty as on offer', () => {
    for (const text of ['yes', 'YES', 'true', 'TRUE', '1', ''])
      expect(activeFromCsv(text)).toBe(true);
    for (const text of ['no', 'No', 'false', 'FALSE', '0']) expect(activeFromCsv(text)).toBe(false);
    for (const text of ['maybe', 'constructor', 'toString']) {
      expect(activeFromCsv(text)).toBeUndefined();
    }
  });
});

describe('statusFromCsv', () => {
  it('reads draft and active in any case, empty as "as it is", anything else as wrong', () => {
    expect(statusFromCsv('draft')).toBe('draft');
    expect(statusFromCsv('Active')).toBe('active');
    expect(statusFromCsv('')).toBeNull();
    for (const text of ['published', 'yes', 'constructor']) {
      expect(statusFromCsv(text)).toBeUndefined();
    }
  });
});
