import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseOrderNumber } from '../../src/rules/tenancy.js'

describe('ID-01 order numbers', () => {
  it('exactly five letters or digits, any case, read upper case; anything else is 400 at orderNumber', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\s?[A-Za-z0-9]{5}\s?$/), fc.string({ maxLength: 7 }), fc.anything()), (v) => {
        const r = parseOrderNumber(v)
        const t = typeof v === 'string' ? v.trim() : ''
        const ok = /^[A-Za-z0-9]{5}$/.test(t)
        if (ok) expect(r).toEqual({ _tag: 'Right', right: t.toUpperCase() })
        else expect(r._tag === 'Left' && [r.left.status, r.left.violations?.[0]?.field]).toEqual([400, 'orderNumber'])
      }),
    )
  })
})
