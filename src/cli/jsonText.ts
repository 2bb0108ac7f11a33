/**
 * Reading the JSON text of a file or of standard input: a UTF-8 byte order mark is accepted (it
 * is the file's encoding, not its value), and a syntax error is reported by line and column only,
 * never with the text around it: payloads carry names, phones and e-mails that end up in logs.
 *
 * @module
 */

/** The parsed value, or where and why the text is not JSON (no part of the text included). */
export type JsonText = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string }

const BOM = '\uFEFF'

/**
 * Parses JSON text, a leading byte order mark stripped: `'\uFEFF{"a": 1}'` gives
 * `{ ok: true, value: { a: 1 } }`, `'{"a": '` gives
 * `{ ok: false, message: 'unexpected end of input at line 1, column 7' }`. (CLI modules are not
 * part of the public surface, whose `@example`s test/examples.test.ts runs.)
 */
export const parseJsonText = (raw: string): JsonText => {
  const text = raw.startsWith(BOM) ? raw.slice(BOM.length) : raw
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, message: describeError(text, syntaxErrorAt(text)) }
  }
}

const describeError = (text: string, at: number): string => {
  if (at >= text.length) {
    const { line, column } = lineColumn(text, text.length)
    return `unexpected end of input at line ${line}, column ${column}`
  }
  const { line, column } = lineColumn(text, at)
  return `unexpected character at line ${line}, column ${column}`
}

const lineColumn = (text: string, at: number): { line: number; column: number } => {
  let line = 1
  let start = 0
  for (let i = 0; i < at; i++) {
    if (text.charCodeAt(i) === 10) {
      line += 1
      start = i + 1
    }
  }
  return { line, column: at - start + 1 }
}

/** The offset of the first character that cannot continue a JSON text (RFC 8259), or text.length at a premature end. */
const syntaxErrorAt = (text: string): number => {
  let i = 0
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const fail = (): never => {
    throw i
  }
  const literal = (word: string): void => {
    for (const c of word) {
      if (text[i] !== c) fail()
      i++
    }
  }
  const digits = (): void => {
    if (!/[0-9]/.test(text[i] ?? '')) fail()
    while (/[0-9]/.test(text[i] ?? '')) i++
  }
  const number = (): void => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else digits()
    if (text[i] === '.') {
      i++
      digits()
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      digits()
    }
  }
  const string = (): void => {
    i++ // the opening quote
    for (;;) {
      if (i >= text.length) fail()
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        i++
        return
      }
      if (c < 0x20) fail()
      if (c === 0x5c) {
        i++
        const e = text[i]
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            i++
            if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail()
          }
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) fail()
      }
      i++
    }
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') {
        i++
        return
      }
      for (;;) {
        ws()
        if (text[i] !== '"') fail()
        string()
        ws()
        if (text[i] !== ':') fail()
        i++
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === '}') {
          i++
          return
        } else fail()
      }
    } else if (c === '[') {
      i++
      ws()
      if (text[i] === ']') {
        i++
        return
      }
      for (;;) {
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === ']') {
          i++
          return
        } else fail()
      }
    } else if (c === '"') string()
    else if (c === 't') literal('true')
    else if (c === 'f') literal('false')
    else if (c === 'n') literal('null')
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number()
    else fail()
  }
  try {
    value()
    ws()
    if (i < text.length) fail()
    // JSON.parse refused what this scanner accepts: should not happen; point at the end
    return text.length
  } catch (at) {
    return Math.min(at as number, text.length)
  }
}
