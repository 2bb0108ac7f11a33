// --rules-config FILE: the rules configuration an operator runs the sandbox with, as JSON
// overrides of the library's defaults (makeConfig's ConfigOverrides: any subset of RulesConfig's
// fields, nested objects partial). The sandbox keeps it everywhere a library rule takes a
// configuration and declares it in the OpenAPI documents it serves (x-shipper-rules-config).
import { readFileSync } from 'node:fs'
import { makeConfig, type RulesConfig } from 'shipper-rules'

/**
 * The configuration of a --rules-config file, or the one-line reason it is refused: the file
 * cannot be read, is not JSON, or makeConfig refuses it (every violation, by field path).
 * @example
 * readRulesConfig('limits.json') //=> { ok: true, config: { pallet: { maxPoundsPerPallet: 1500, ... }, ... } }
 */
export const readRulesConfig = (file: string): { readonly ok: true; readonly config: RulesConfig } | { readonly ok: false; readonly message: string } => {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    return { ok: false, message: `--rules-config ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }
  }
  let overrides: unknown
  try {
    overrides = JSON.parse(text)
  } catch (e) {
    return { ok: false, message: `--rules-config ${file}: not JSON (${(e as Error).message})` }
  }
  const made = makeConfig(overrides)
  if (made._tag === 'Right') return { ok: true, config: made.right }
  return { ok: false, message: `--rules-config ${file}: ${made.left.map((v) => `${v.field === '' ? '(the file)' : v.field} ${v.reason} (${v.code})`).join('; ')}` }
}
