import { describe, expect, it } from 'vitest';
import { runKillDrill } from './kill9';
import { runSoak } from './soak';

// Short versions of the drills (the full ones: npm run drill:kill9, npm run drill:soak; figures
// in README, Drills). They start their own PostgreSQL, `next start` on the production build and
// the worker; npm test builds before it runs Vitest.

describe('drills (smoke)', () => {
  it('kill -9 once under load: every acknowledged write (transactions too) exactly once, wallet balances add up, no duplicate from retries, every event delivered, no job stuck', async () => {
    const report = await runKillDrill({ kills: 1, clients: 4, minGapMs: 3000, maxGapMs: 5000, tailMs: 4000, maxSeconds: 200 });
    expect(report.kills).toHaveLength(1);
    expect(report.operations.total).toBeGreaterThanOrEqual(5);
    expect(report.unacknowledgedAttempts, 'the kill interrupted nothing: the drill proved nothing').toBeGreaterThan(0);
    expect(report.operations.transactions, 'no transaction was sent').toBeGreaterThan(0);
    expect(report.failedJobs, 'jobs failed for good').toEqual([]);
    expect(report).toMatchObject({
      missing: 0,
      duplicates: 0,
      balances: { mismatched: 0 },
      outbox: { undelivered: 0 },
      jobs: { locked: 0, lockedByDeadWorker: 0, failed: 0, waiting: 0, orphansPlanted: 2, orphansLeft: 0 },
    });
    expect(report.jobs.releasedFromKilledWorkers).toBeGreaterThanOrEqual(2);
    expect(report.outbox.events).toBeGreaterThan(0);
    expect(report.ok).toBe(true);
  }, 240_000);

  it('soak for 20 s at 8 connections: no 5xx, no error logged, connections within the pools', async () => {
    const report = await runSoak({ seconds: 20, connections: 8, seedEntities: 500, sampleEveryMs: 2000 });
    expect(report.requests).toBeGreaterThan(100);
    expect(report.serverErrors).toBe(0);
    expect(report.unexpected).toBe(0);
    expect(report.logErrorSample).toEqual([]);
    expect(report.maxDatabaseConnections).toBeLessThanOrEqual(report.connectionBound);
    expect(report.curve.length).toBeGreaterThanOrEqual(5);
  }, 240_000);
});
