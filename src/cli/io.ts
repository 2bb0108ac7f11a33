/**
 * What the CLI may do to the outside world: the one I/O interface every command takes. Commands
 * import it from here (not from `main.ts`, which imports the commands), and `bin.ts` binds it to
 * the real file system and standard streams, so the whole CLI runs in tests without a process.
 *
 * @module
 */

/** What the CLI may do to the outside world. */
export interface CliIo {
  readonly readFile: (path: string) => Promise<string>
  readonly readStdin: () => Promise<string>
  /** Lists a directory: names of entries, with whether each is a directory. */
  readonly listDir: (path: string) => Promise<ReadonlyArray<{ name: string; isDirectory: boolean }>>
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  /** Whether standard output is a terminal: results are then printed readably by default. */
  readonly stdoutIsTTY: boolean
}
