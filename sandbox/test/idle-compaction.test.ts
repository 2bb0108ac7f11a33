// Giving memory back when the sandbox goes quiet (src/server/idleCompaction.ts, src/runtime/gc.ts):
// the scheduler compacts once after a quiet period and never while requests keep coming; the
// collection gives committed heap back; the PGlite worker collects on request, even while a
// transaction is open; and a server built with idle compaction compacts its store once it is quiet.
import { getHeapStatistics } from 'node:v8'
import { mkdtempSync, rmSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { limitMs } from 'shipper-rules-testkit'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openStore, type Store } from '../src/db/store.js'
import { collectGarbage } from '../src/runtime/gc.js'
import { idleCompaction } from '../src/server/idleCompaction.js'
import { startSandbox } from './support/harness.js'

/** A hand-driven timer and monotonic time for the scheduler. */
const fakeTime = () => {
  let at = 0
  const timers: Array<{ due: number; run: () => void; cancelled: boolean }> = []
  return {
    now: () => at,
    schedule: (run: () => void, ms: number) => {
      const t = { due: at + ms, run, cancelled: false }
      timers.push(t)
      return { cancel: () => void (t.cancelled = true) }
    },
    /** Moves time on by `ms`, running each timer that falls due, in order. */
    advance(ms: number) {
      const end = at + ms
      for (;;) {
        const next = timers.filter((t) => !t.cancelled && t.due <= end).sort((a, b) => a.due - b.due)[0]
        if (next === undefined) break
        at = next.due
        next.cancelled = true
        next.run()
      }
      at = end
    },
    pending: () => timers.filter((t) => !t.cancelled).length,
  }
}

describe('idleCompaction: the scheduler', () => {
  it('compacts once, a whole quiet period after the last request, and nothing more until the next request', () => {
    const time = fakeTime()
    let runs = 0
    const idle = idleCompaction({ compact: () => void runs++, quietMs: 500, spacingMs: 0, now: time.now, schedule: time.schedule })
    expect(time.pending()).toBe(0)
    idle.activity()
    time.advance(499)
    expect(runs).toBe(0)
    time.advance(1)
    expect(runs).toBe(1)
    expect(idle.runs).toBe(1)
    // no timer left: an idle server does no work
    expect(time.pending()).toBe(0)
    time.advance(60_000)
    expect(runs).toBe(1)
    idle.activity()
    time.advance(500)
    expect(runs).toBe(2)
  })

  it('never while requests keep coming, however long (one timer at most), then exactly a quiet period after the last one', () => {
    const time = fakeTime()
    let runs = 0
    const idle = idleCompaction({ compact: () => void runs++, quietMs: 500, spacingMs: 0, now: time.now, schedule: time.schedule })
    for (let i = 0; i < 1_000; i++) {
      idle.activity()
      time.advance(100)
      expect(time.pending()).toBeLessThanOrEqual(1)
    }
    expect(runs).toBe(0)
    // the last request came 100 ms ago: the quiet period ends 400 ms from now, not a period after the timer was armed
    time.advance(399)
    expect(runs).toBe(0)
    time.advance(1)
    expect(runs).toBe(1)
  })

  it('at most once per spacing: a server polled every few seconds compacts after the spacing, not after each poll', () => {
    const time = fakeTime()
    const at: number[] = []
    const idle = idleCompaction({ compact: () => void at.push(time.now()), quietMs: 500, spacingMs: 30_000, now: time.now, schedule: time.schedule })
    for (let s = 0; s < 60; s += 3) {
      idle.activity()
      time.advance(3_000)
    }
    time.advance(60_000)
    expect(at.length).toBeGreaterThanOrEqual(2)
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(30_000)
  })

  it('stop cancels the timer; a failed compaction is ignored and the next quiet period tries again', async () => {
    const time = fakeTime()
    let calls = 0
    const idle = idleCompaction({
      compact: () => {
        calls++
        throw new Error('no')
      },
      quietMs: 10,
      spacingMs: 0,
      now: time.now,
      schedule: time.schedule,
    })
    idle.activity()
    time.advance(10)
    await Promise.resolve()
    idle.activity()
    time.advance(10)
    expect(calls).toBe(2)
    idle.activity()
    idle.stop()
    time.advance(1_000)
    expect(calls).toBe(2)
    expect(time.pending()).toBe(0)
    idle.activity()
    expect(time.pending()).toBe(0)
  })
})

describe('collectGarbage', () => {
  it("gives this thread's committed heap back once what held it is dropped", async () => {
    let held: unknown[] | undefined = Array.from({ length: 400_000 }, (_, i) => ({ i, text: `entry ${i}`, list: [i, i + 1] }))
    const before = getHeapStatistics()
    expect(held.length).toBe(400_000)
    held = undefined
    expect(await collectGarbage()).toBe(true)
    const after = getHeapStatistics()
    expect(held).toBeUndefined()
    expect(after.total_heap_size).toBeLessThan(before.total_heap_size)
    expect(after.used_heap_size).toBeLessThan(before.used_heap_size)
  })
})

describe('PGlite: the worker collects on request', () => {
  const root = mkdtempSync(join(tmpdir(), 'sandbox-idle-compaction-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const template = inject('pgliteTemplate')

  it('compact answers at once, even while a transaction is open, and the database goes on answering', async () => {
    const dataDir = join(root, 'data')
    if (template !== undefined && template !== '') cpSync(template, dataDir, { recursive: true })
    const store = await openStore({ dataDir })
    try {
      expect(store.kind).toBe('pglite')
      let release: () => void = () => undefined
      const held = new Promise<void>((r) => (release = r))
      let opened: () => void = () => undefined
      const open = new Promise<void>((r) => (opened = r))
      const tx = store.transaction(async (q) => {
        await q.query('SELECT $1::int AS n', [1])
        opened()
        await held
        return (await q.query<{ n: number }>('SELECT $1::int AS n', [2]))[0]?.n
      })
      await open
      await store.compact?.()
      release()
      expect(await tx).toBe(2)
      expect((await store.query<{ n: number }>('SELECT $1::int AS n', [3]))[0]?.n).toBe(3)
    } finally {
      await store.close()
    }
  })
})

describe('a server with idle compaction', () => {
  it("compacts its store once it went quiet after a request, and answers the next one", async () => {
    let compacted: () => void = () => undefined
    const signal = new Promise<void>((r) => (compacted = r))
    const counting = (store: Store): Store => Object.assign(Object.create(store) as Store, { compact: async () => compacted() })
    const sandbox = await startSandbox(undefined, { idleCompaction: { quietMs: 20, spacingMs: 0 } }, counting)
    try {
      expect((await sandbox.call('GET', '/healthz')).status).toBe(200)
      await Promise.race([signal, new Promise((_, reject) => setTimeout(() => reject(new Error('no compaction')), limitMs(10_000)).unref())])
      expect((await sandbox.call('GET', '/healthz')).status).toBe(200)
    } finally {
      await sandbox.stop()
    }
  })
})
