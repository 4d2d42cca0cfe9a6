// Watchlist fixtures for tests, the e2e seed and the bulk benchmark: entries written in the JSON
// import format of decisions.md and imported through the real import (change sets included).
import type pg from 'pg';
import { importWatchlist, parseWatchlist, type ImportResult } from '@/lib/screening/watchlist-import';

export interface ListEntry {
  externalId: string;
  type?: 'Individual' | 'Organization';
  names: { value: string; kind: 'Primary' | 'Alias' }[];
  dob?: string;
  gender?: 'Male' | 'Female';
  nationalityCode?: string;
  identities?: { type: string; number: string; issuingCountryCode?: string }[];
  remarks?: string;
}

/** Imports `entries` as the whole content of a list (entries missing from it are deprecated). */
export async function importList(
  pool: pg.Pool,
  source: 'ListSourceA' | 'ListSourceB' | 'Custom',
  entries: ListEntry[],
  tenantId: string | null = null,
): Promise<ImportResult> {
  const client = await pool.connect();
  try {
    const text = JSON.stringify(entries.map((e) => ({ type: 'Individual', ...e })));
    return await importWatchlist({ db: client, source, tenantId, format: 'json', fileName: 'test.json', entries: parseWatchlist(text, 'json') });
  } finally {
    client.release();
  }
}
