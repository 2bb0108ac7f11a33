// A canonical text of any value a rule returns, for "same input, same output" checks: DateTimes
// by their instant, zone and validity (luxon caches computed fields inside a DateTime, so two equal
// DateTimes need not be structurally equal), -0 and NaN spelled out, keys in insertion order (the
// order a rule writes is part of its output), functions and symbols by kind, cycles marked.
import { DateTime } from 'luxon'

export const canonical = (value: unknown): string => {
  const seen = new Set<object>()
  const go = (v: unknown): string => {
    if (v === undefined) return 'undefined'
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v)
    if (typeof v === 'bigint') return `${v}n`
    if (typeof v === 'string') return JSON.stringify(v)
    if (typeof v === 'symbol') return `symbol(${String(v.description)})`
    if (typeof v === 'function') return 'function'
    if (typeof v !== 'object' || v === null) return String(v)
    if (DateTime.isDateTime(v)) return v.isValid ? `DateTime(${v.toISO()} ${v.zoneName})` : `DateTime(invalid: ${v.invalidReason})`
    if (seen.has(v)) return '<cycle>'
    seen.add(v)
    const out = Array.isArray(v)
      ? `[${Array.from({ length: v.length }, (_, i) => (i in v ? go(v[i]) : '<hole>')).join(',')}]`
      : `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${go((v as Record<string, unknown>)[k])}`).join(',')}}`
    seen.delete(v)
    return out
  }
  return go(value)
}
