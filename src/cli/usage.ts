/**
 * What every command shares on its command line: `--help`/`-h`, `--format`, and the one-line
 * error a usage mistake gets (the message and where to read the usage, never the usage itself).
 *
 * @module
 */

/** Exit codes: 0 valid, 1 invalid, 2 usage error, unreadable file or malformed JSON. */
export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const

/** The output streams a command writes to (a part of the CLI's I/O). */
export interface Out {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** Whether the arguments ask for the command's usage. */
export const wantsHelp = (args: ReadonlyArray<string>): boolean => args.includes('--help') || args.includes('-h')

/** Prints a usage text on standard output; resolves to exit 0. */
export const printHelp = (io: Out, usage: string): number => {
  io.stdout(usage.endsWith('\n') ? usage : `${usage}\n`)
  return EXIT.valid
}

/** One line on standard error: `shipper-rules: <message>`, newlines in the message folded. */
export const errorLine = (io: Out, message: string): void => io.stderr(`shipper-rules: ${foldNewlines(message)}\n`)

/**
 * Every run of white space that holds a newline, as one space: what a global replace of
 * "blanks, newline, blanks" would do, without a pattern's quadratic backtracking on a long run of
 * blanks with no newline.
 */
const foldNewlines = (s: string): string => {
  const parts = s.split('\n')
  if (parts.length === 1) return s
  const last = parts.length - 1
  return parts
    .map((p, i) => (i === 0 ? p.trimEnd() : i === last ? p.trimStart() : p.trim()))
    .filter((p, i) => p !== '' || i === 0 || i === last)
    .join(' ')
}

/**
 * A usage error: one line naming the mistake and the help to read; resolves to exit 2. For
 * `usageError(io, 'transit-days', "unknown option '--x'")` standard error gets
 * `shipper-rules: unknown option '--x'; run shipper-rules transit-days --help`.
 */
export const usageError = (io: Out, command: string | undefined, message: string): number => {
  errorLine(io, `${message}; run shipper-rules ${command === undefined ? '' : `${command} `}--help`)
  return EXIT.usage
}

/** How results are printed: JSON (what scripts read), or readable text. */
export type Format = 'json' | 'pretty'

/** Reads the value of `--format`: json or pretty, or an error message. */
export const readFormat = (value: string | undefined): Format | { error: string } =>
  value === 'json' || value === 'pretty' ? value : { error: '--format takes json or pretty' }
