// Small laws the mutation analysis (docs/mutation.md) found unpinned:
// - ORD-*: lifecycleTable() reads back into transition, isCancellable and isAppointmentLocked
//   (the header lists the events, the rule row has one `---` per column, each state row its
//   transitions, `yes`/`no` and `locked (409)`/`open`); a refused CANCEL says which state;
// - FRT-07: densityOf reads number primitives only (numeric text and boxed numbers give NaN).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/model/orderStatuses.js'
import { densityOf } from '../../src/rules/freightClass.js'
import { isAppointmentLocked, isCancellable, lifecycleTable, ORDER_EVENTS, transition } from '../../src/rules/orderLifecycle.js'

describe('ORD lifecycleTable reads back into the lifecycle', () => {
  it('header, rule row and one row per state, each cell what transition, isCancellable and isAppointmentLocked say', () => {
    const lines = lifecycleTable().split('\n')
    const cells = (line: string): string[] => {
      expect(line.startsWith('| ') || line.startsWith('|---')).toBe(true)
      expect(line.endsWith('|')).toBe(true)
      return line.slice(1, -1).split('|').map((c) => c.trim())
    }
    expect(lines).toHaveLength(ORDER_STATUSES.length + 2)
    expect(lines[0]).toBe(`| ${['state', ...ORDER_EVENTS, 'cancellable', 'appointment writes'].join(' | ')} |`)
    expect(lines[1]).toBe(`|${Array.from({ length: ORDER_EVENTS.length + 3 }, () => '---').join('|')}|`)
    fc.assert(
      fc.property(fc.nat({ max: ORDER_STATUSES.length - 1 }), (i) => {
        const status = ORDER_STATUSES[i]!
        const row = cells(lines[i + 2]!)
        expect(row).toHaveLength(ORDER_EVENTS.length + 3)
        expect(row[0]).toBe(status)
        ORDER_EVENTS.forEach((event, k) => {
          const t = transition(status, event)
          expect(row[k + 1]).toBe(t._tag === 'Right' ? t.right : '')
        })
        expect(row[ORDER_EVENTS.length + 1]).toBe(isCancellable(status) ? 'yes' : 'no')
        expect(row[ORDER_EVENTS.length + 2]).toBe(isAppointmentLocked(status) ? 'locked (409)' : 'open')
        // a row is the state's line exactly: single spaces around every cell, empty cells included
        expect(lines[i + 2]).toBe(`| ${row.join(' | ')} |`)
      }),
    )
  })

  it('a refused CANCEL names the state and why', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (status) => {
        const t = transition(status, 'CANCEL')
        expect(t._tag === 'Right').toBe(isCancellable(status))
        if (t._tag === 'Left') {
          expect(t.left.reason).toBe('order_not_cancellable')
          expect(t.left.detail).toBe(`An order in ${status} cannot be cancelled: only orders before pickup can.`)
        }
      }),
    )
  })
})

describe('FRT-07 densityOf reads number primitives only', () => {
  it('pounds or a dimension given as numeric text or a boxed number: NaN; as numbers: pounds × 1728 ÷ volume', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 120 }), fc.nat({ max: 3 }), fc.boolean(), (pounds, length, width, height, which, boxed) => {
        const args: unknown[] = [pounds, length, width, height]
        expect(densityOf(pounds, { length, width, height })).toBe((1728 * pounds) / (length * width * height))
        args[which] = boxed ? Object(args[which]) : String(args[which])
        const [p, l, w, h] = args
        expect(densityOf(p as number, { length: l, width: w, height: h } as never)).toBeNaN()
      }),
    )
  })
})
