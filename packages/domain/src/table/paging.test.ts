import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, pageCount, pageLinks, pageSlice } from './paging';
import { inclusionStatus } from './inclusion';

describe('paging', () => {
  it('offers 10, 25, 50 and 100 rows with 25 by default', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(25);
  });

  it('links at most 10 pages around the current one', () => {
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageLinks(20, 40)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageLinks(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
  });

  it('cuts rows into pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
    expect(pageSlice([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
  });
});

describe('inclusion status', () => {
  it('reads none, some or all selected', () => {
    expect(inclusionStatus(0, 5)).toBe('Not included');
    expect(inclusionStatus(2, 5)).toBe('Partial');
    expect(inclusionStatus(5, 5)).toBe('Fully included');
    expect(inclusionStatus(0, 0)).toBe('Not included');
  });
});
