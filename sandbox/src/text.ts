// The sandbox's own text fields (a company name), judged as the library judges wire text: well-formed
// Unicode, no U+0000, a length in code points.
import { violationAt, type Violation } from 'shipper-rules'

/** An unpaired surrogate or U+0000: text PostgreSQL cannot store. */
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether a string is well-formed Unicode without U+0000. */
export const isStorableText = (s: string): boolean => !ILL_FORMED.test(s)

const codePoints = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** A company name: 1 to 200 characters (code points), not blank, well-formed; the violation at `name`, or undefined. */
export const companyNameViolation = (name: unknown): Violation | undefined => {
  if (typeof name !== 'string' || name.trim().length === 0) return violationAt(['name'], null, 'required', 'must be a company name of 1 to 200 characters')
  if (name.length > 400 || codePoints(name) > 200) return violationAt(['name'], null, 'max_length', 'must be at most 200 characters')
  if (!isStorableText(name)) return violationAt(['name'], null, 'pattern', 'must be well-formed Unicode text without U+0000')
  return undefined
}
