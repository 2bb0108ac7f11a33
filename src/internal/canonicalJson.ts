/**
 * Canonical JSON text (RFC 8785 style) of a parsed value and of raw JSON text, for comparing
 * request bodies exactly (CRT-10): object keys sorted by UTF-16 code units, no insignificant
 * whitespace, strings as `JSON.stringify` writes them, and every number written as its exact
 * decimal value in the ECMAScript `Number::toString` layout. For a JavaScript number that layout
 * is `JSON.stringify`'s own (its shortest round-trip digits), so a parsed body and the raw text
 * it came from agree; for raw text the digits of the literal are kept, never rounded to a double,
 * so `9007199254740993` and `9007199254740992` differ while `1`, `1.0`, `1e0` and `10e-1` agree.
 *
 * Both writers are iterative (no recursion, so 100,000 nested arrays are fine), linear in the
 * size of their input, and never throw.
 *
 * @internal
 * @module
 */

/** The longest text V8 can hold: a canonical form that would be longer is not computed. */
const MAX_TEXT = 0x1fff_ffe8

// ---------------------------------------------------------------------------------------------
// Numbers

/** Adds a small signed integer to a non-negative decimal magnitude of more than 15 digits. */
const addToMagnitude = (digits: string, add: number): string => {
  const cut = digits.length - 15
  let high = digits.slice(0, cut)
  let low = Number(digits.slice(cut)) + add
  const BASE = 1e15
  if (low >= BASE || low < 0) {
    const carry = Math.floor(low / BASE)
    low -= carry * BASE
    // |add| < 2^31 < 10^15, so the carry is +1 or -1, and the high part is at least 1.
    const d = [...high].map(Number)
    let i = d.length - 1
    if (carry > 0) {
      while (i >= 0 && d[i] === 9) d[i--] = 0
      if (i < 0) d.unshift(1)
      else d[i]! += 1
    } else {
      while (d[i] === 0) d[i--] = 9
      d[i]! -= 1
    }
    high = d.join('')
  }
  return (high + String(low).padStart(15, '0')).replace(/^0+(?=\d)/, '')
}

/**
 * The canonical text of a JSON number literal (already checked against the JSON grammar): its
 * exact decimal value, laid out as ECMAScript writes numbers; `-0` is `0`.
 */
export const canonicalNumber = (literal: string): string => {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?)(\d+))?$/.exec(literal)
  if (m === null) return literal // unreachable for checked literals
  const negative = m[1] === '-'
  const fraction = m[3] ?? ''
  let digits = (m[2]! + fraction).replace(/^0+/, '')
  if (digits === '') return '0'
  let end = digits.length // a loop, not /0+$/, which is quadratic on a long run of inner zeros
  while (digits.charCodeAt(end - 1) === 0x30) end--
  const trailing = digits.length - end
  digits = digits.slice(0, end)
  const k = digits.length
  // value = digits × 10^(exp − fraction.length + trailing) = 0.digits × 10^n with n = that + k.
  const shift = k - fraction.length + trailing
  const expDigits = (m[5] ?? '0').replace(/^0+(?=\d)/, '')
  const expNegative = m[4] === '-' && expDigits !== '0'
  const sign = negative ? '-' : ''
  if (expDigits.length > 15) {
    // A huge exponent: the layout is always the exponent form; e = n − 1 = exp + shift − 1.
    const magnitude = addToMagnitude(expDigits, expNegative ? 1 - shift : shift - 1)
    return `${sign}${digits[0]!}${k > 1 ? `.${digits.slice(1)}` : ''}e${expNegative ? '-' : '+'}${magnitude}`
  }
  const n = (expNegative ? -Number(expDigits) : Number(expDigits)) + shift
  if (k <= n && n <= 21) return sign + digits + '0'.repeat(n - k)
  if (0 < n && n <= 21) return `${sign}${digits.slice(0, n)}.${digits.slice(n)}`
  if (-6 < n && n <= 0) return `${sign}0.${'0'.repeat(-n)}${digits}`
  const e = n - 1
  return `${sign}${digits[0]!}${k > 1 ? `.${digits.slice(1)}` : ''}e${e < 0 ? '-' : '+'}${Math.abs(e)}`
}

// ---------------------------------------------------------------------------------------------
// Parsed values

/** A value JSON.stringify drops from an object (and writes `null` in an array). */
const isDropped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint'

const scalarText = (v: unknown): string | undefined => {
  if (v === null) return 'null'
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false'
    case 'number':
      return Number.isFinite(v) ? JSON.stringify(v) : 'null'
    case 'string':
      return JSON.stringify(v)
    default:
      return undefined
  }
}

const TOO_BIG = new Error('canonical form too long')
const CYCLE = new Error('cycle')

/** A step of the writer: a value to write, text to emit, or an object to leave. */
type Step = { readonly value: unknown } | string | { readonly leave: object }

/**
 * The canonical text of a parsed value (objects by their own enumerable string keys, as
 * `Object.keys` lists them; `toJSON` is not called), or `undefined` when it has none: a cycle, a
 * getter or Proxy that throws, or a text longer than a string can be. A dropped root value
 * (undefined, a function, a symbol, a bigint) is `null`.
 */
export const canonicalValueText = (root: unknown): string | undefined => {
  try {
    const out: string[] = []
    let size = 0
    const emit = (s: string): void => {
      size += s.length
      if (size > MAX_TEXT) throw TOO_BIG
      out.push(s)
    }
    const ancestors = new Set<object>()
    const steps: Step[] = [{ value: root }]
    while (steps.length > 0) {
      const step = steps.pop()!
      if (typeof step === 'string') {
        emit(step)
        continue
      }
      if ('leave' in step) {
        ancestors.delete(step.leave)
        continue
      }
      const v = step.value
      const scalar = scalarText(v)
      if (scalar !== undefined) {
        emit(scalar)
        continue
      }
      if (typeof v !== 'object' || v === null) {
        emit('null') // a dropped value in an array, or at the root
        continue
      }
      if (ancestors.has(v)) throw CYCLE
      ancestors.add(v)
      steps.push({ leave: v })
      if (Array.isArray(v)) {
        const n = v.length
        if (2 * n > MAX_TEXT - size) throw TOO_BIG
        steps.push(']')
        for (let i = n - 1; i >= 0; i--) {
          steps.push({ value: v[i] })
          if (i > 0) steps.push(',')
        }
        steps.push('[')
      } else {
        const record = v as Record<string, unknown>
        const members: Array<[string, unknown]> = []
        for (const key of Object.keys(record).sort()) {
          const x = record[key]
          if (!isDropped(x)) members.push([key, x])
        }
        steps.push('}')
        for (let i = members.length - 1; i >= 0; i--) {
          steps.push({ value: members[i]![1] }, `${JSON.stringify(members[i]![0])}:`)
          if (i > 0) steps.push(',')
        }
        steps.push('{')
      }
    }
    return out.join('')
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------
// Raw JSON text

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
/** A string token body without escapes: no `"`, no `\`, no control character. */
const PLAIN = /[^"\\\u0000-\u001f]*/y
const HEX4 = /^[0-9A-Fa-f]{4}$/
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

type Frame =
  | { readonly kind: 'array'; text: string; count: number }
  | { readonly kind: 'object'; readonly members: Map<string, string>; key: string }

/**
 * The canonical text of raw JSON text (RFC 8259, exactly what `JSON.parse` accepts), or
 * `undefined` when it is not JSON. Strings are compared after unescaping (`"\u0041"` is `"A"`);
 * numbers by exact decimal value (see {@link canonicalNumber}); of duplicate keys the last wins,
 * as with `JSON.parse`.
 */
export const canonicalJsonText = (text: string): string | undefined => {
  let i = 0
  const n = text.length
  const skipSpace = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return
      i++
    }
  }
  /** Reads the string token at i (on its opening quote); its value, or undefined when malformed. */
  const readString = (): string | undefined => {
    i++
    let value = ''
    for (;;) {
      PLAIN.lastIndex = i
      PLAIN.test(text)
      value += text.slice(i, PLAIN.lastIndex)
      i = PLAIN.lastIndex
      if (i >= n) return undefined
      const c = text[i]!
      if (c === '"') {
        i++
        return value
      }
      if (c !== '\\') return undefined // a raw control character
      const e = text[i + 1]
      if (e === 'u') {
        const hex = text.slice(i + 2, i + 6)
        if (!HEX4.test(hex)) return undefined
        value += String.fromCharCode(parseInt(hex, 16))
        i += 6
      } else {
        const unescaped = e === undefined ? undefined : ESCAPES[e]
        if (unescaped === undefined) return undefined
        value += unescaped
        i += 2
      }
    }
  }
  /** Reads an object key and its colon (at the key's opening quote); the key, or undefined when malformed. */
  const readKey = (): string | undefined => {
    if (text[i] !== '"') return undefined
    const key = readString()
    if (key === undefined) return undefined
    skipSpace()
    if (text[i] !== ':') return undefined
    i++
    return key
  }
  try {
    const stack: Frame[] = []
    let result: string | undefined
    // Each turn reads one value (or closes an empty container), then the separators after it.
    for (;;) {
      skipSpace()
      let value: string | undefined
      const c = text[i]
      if (c === '{' || c === '[') {
        i++
        skipSpace()
        if (c === '[') {
          if (text[i] === ']') {
            i++
            value = '[]'
          } else {
            stack.push({ kind: 'array', text: '[', count: 0 })
            continue
          }
        } else if (text[i] === '}') {
          i++
          value = '{}'
        } else {
          const key = readKey()
          if (key === undefined) return undefined
          stack.push({ kind: 'object', members: new Map(), key })
          continue
        }
      } else if (c === '"') {
        const s = readString()
        if (s === undefined) return undefined
        value = JSON.stringify(s)
      } else if (text.startsWith('true', i)) {
        i += 4
        value = 'true'
      } else if (text.startsWith('false', i)) {
        i += 5
        value = 'false'
      } else if (text.startsWith('null', i)) {
        i += 4
        value = 'null'
      } else {
        NUMBER.lastIndex = i
        if (!NUMBER.test(text)) return undefined
        value = canonicalNumber(text.slice(i, NUMBER.lastIndex))
        i = NUMBER.lastIndex
      }
      // Attach the value to its container; close every container that ends here.
      for (;;) {
        const top = stack[stack.length - 1]
        if (top === undefined) {
          result = value
          break
        }
        if (top.kind === 'array') {
          top.text += top.count === 0 ? value : `,${value}`
          top.count++
        } else {
          top.members.set(top.key, value) // a duplicate key: the last wins, as with JSON.parse
        }
        skipSpace()
        const sep = text[i]
        if (sep === ',') {
          i++
          if (top.kind === 'object') {
            skipSpace()
            const key = readKey()
            if (key === undefined) return undefined
            top.key = key
          }
          break
        }
        if ((top.kind === 'array' && sep !== ']') || (top.kind === 'object' && sep !== '}')) return undefined
        i++
        stack.pop()
        if (top.kind === 'array') value = `${top.text}]`
        else {
          // Concatenation, not join: a join would copy every nested member at every level.
          let members = '{'
          for (const k of [...top.members.keys()].sort()) members += `${members.length === 1 ? '' : ','}${JSON.stringify(k)}:${top.members.get(k)!}`
          value = `${members}}`
        }
        if (value.length > MAX_TEXT) return undefined
      }
      if (result !== undefined) break
    }
    skipSpace()
    return i === n ? result : undefined
  } catch {
    return undefined // a string longer than V8 can hold
  }
}
