// The sandbox's own text fields (a company name), judged by the library's wire-text rule
// (isWireText: well-formed Unicode, no U+0000; code `encoding`) and a length in code points.
import { isWireText, violationAt, type Violation } from 'shipper-rules'

const codePoints = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** The longest company name, in characters (code points). */
export const COMPANY_NAME_MAX_LENGTH = 200

/** A company name: 1 to 200 characters (code points), not blank, wire text; the violation at `name`, or undefined. */
export const companyNameViolation = (name: unknown): Violation | undefined => {
  if (typeof name !== 'string' || name.trim().length === 0) return violationAt(['name'], null, 'required', `must be a company name of 1 to ${COMPANY_NAME_MAX_LENGTH} characters`)
  if (name.length > 2 * COMPANY_NAME_MAX_LENGTH || codePoints(name) > COMPANY_NAME_MAX_LENGTH) return violationAt(['name'], null, 'max_length', `must be at most ${COMPANY_NAME_MAX_LENGTH} characters`)
  if (!isWireText(name)) return violationAt(['name'], null, 'encoding', 'must be well-formed Unicode text without U+0000 (no unpaired surrogate)')
  return undefined
}
