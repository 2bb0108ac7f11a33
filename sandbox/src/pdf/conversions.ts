// Upload conversions off the event loop: each one runs in its own worker thread
// (convertWorker.js), under a time limit and a heap cap, and at most a few at once per server;
// further ones wait their turn. A worker that runs out of time or memory is terminated and the
// upload answered 413 file_too_large; one that crashes is a 500; the server itself carries on.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { problemFor, type ProblemDetail } from 'shipper-rules'
import type { ConversionJob, ConversionResult } from './convertWorker.js'
import type { PixelLimits } from './images.js'

/** The server options of uploads (ServerOptions extends this); every one has a default. */
export interface UploadOptions {
  /** The most pixels (width x height, inclusive) an uploaded PNG or JPEG may have; default 25,000,000. */
  readonly maxImagePixels?: number
  /** The most pixels a side (width and height each, inclusive); default 10,000. */
  readonly maxImageSide?: number
  /** How long one conversion may run in its worker, milliseconds; default 20,000. */
  readonly conversionTimeoutMs?: number
  /**
   * The heap (V8 old generation) of a conversion worker, MiB; default 256. A decoded image's
   * pixels live in ArrayBuffers outside that heap: the pixel limits bound them (pdf-lib needs some
   * 10 bytes a pixel for a PNG: about 260 MB at 25,000,000 pixels, given back when the worker ends).
   */
  readonly conversionMemoryMb?: number
  /** How many conversions run at once per server; default 2 (further ones wait). */
  readonly maxConcurrentConversions?: number
}

export type UploadLimits = PixelLimits & Required<Omit<UploadOptions, keyof PixelLimits>>

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxImagePixels: 25_000_000,
  maxImageSide: 10_000,
  conversionTimeoutMs: 20_000,
  conversionMemoryMb: 256,
  maxConcurrentConversions: 2,
}

const positive = (value: number | undefined, fallback: number): number => (value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback)

/** The options with their defaults (a missing, non-finite or below-1 value is the default). */
export const uploadLimits = (options: UploadOptions = {}): UploadLimits => ({
  maxImagePixels: positive(options.maxImagePixels, DEFAULT_UPLOAD_LIMITS.maxImagePixels),
  maxImageSide: positive(options.maxImageSide, DEFAULT_UPLOAD_LIMITS.maxImageSide),
  conversionTimeoutMs: positive(options.conversionTimeoutMs, DEFAULT_UPLOAD_LIMITS.conversionTimeoutMs),
  conversionMemoryMb: positive(options.conversionMemoryMb, DEFAULT_UPLOAD_LIMITS.conversionMemoryMb),
  maxConcurrentConversions: positive(options.maxConcurrentConversions, DEFAULT_UPLOAD_LIMITS.maxConcurrentConversions),
})

/**
 * The compiled worker next to this module (dist/pdf/convertWorker.js); run from the TypeScript sources
 * (the tests), src/ has no .js file, and the compiled one in dist/ is used: build first.
 */
export const conversionWorkerUrl = (): URL => {
  const beside = new URL('./convertWorker.js', import.meta.url)
  return existsSync(fileURLToPath(beside)) ? beside : new URL('../../dist/pdf/convertWorker.js', import.meta.url)
}

/** How a conversion ended: the worker's result, or the problem it ended with. */
export type ConversionOutcome = ConversionResult | { readonly kind: 'failed'; readonly problem: ProblemDetail }

let running = 0
let started = 0

/** How many conversion workers run now in this process (all servers): for the tests. */
export const conversionsRunning = (): number => running

/** How many conversion workers this process has started (all servers): for the tests. */
export const conversionsStarted = (): number => started

const seconds = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`)

const isResult = (m: unknown): m is ConversionResult => {
  if (typeof m !== 'object' || m === null) return false
  const r = m as { kind?: unknown; pageCount?: unknown; pdf?: unknown; width?: unknown; height?: unknown }
  switch (r.kind) {
    case 'pdf':
      return typeof r.pageCount === 'number'
    case 'converted':
      return typeof r.pageCount === 'number' && r.pdf instanceof Uint8Array
    case 'unreadable':
      return true
    case 'too_many_pixels':
      return typeof r.width === 'number' && typeof r.height === 'number'
    default:
      return false
  }
}

/** One worker for one job: its outcome, and when it has exited (its memory given back). */
const runWorker = (url: URL, job: ConversionJob, limits: UploadLimits): { readonly outcome: Promise<ConversionOutcome>; readonly exited: Promise<void> } => {
  let settle: (o: ConversionOutcome) => void = () => undefined
  const outcome = new Promise<ConversionOutcome>((resolve) => {
    settle = resolve
  })
  let worker: Worker
  try {
    worker = new Worker(url, { workerData: job, transferList: [job.bytes.buffer as ArrayBuffer], resourceLimits: { maxOldGenerationSizeMb: limits.conversionMemoryMb } })
  } catch {
    settle({ kind: 'failed', problem: problemFor('internal_error', 'The file could not be converted: the converter did not start.') })
    return { outcome, exited: Promise.resolve() }
  }
  let done = false
  const finish = (o: ConversionOutcome): void => {
    if (done) return
    done = true
    clearTimeout(timer)
    settle(o)
  }
  const timer = setTimeout(() => {
    finish({ kind: 'failed', problem: problemFor('file_too_large', `The file could not be converted within ${seconds(limits.conversionTimeoutMs)}; send a smaller image (fewer pixels) or PDF.`) })
    void worker.terminate()
  }, limits.conversionTimeoutMs)
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.once('message', (m: unknown) => {
    finish(isResult(m) ? m : { kind: 'failed', problem: problemFor('internal_error', 'The file could not be converted: the converter answered nonsense.') })
    void worker.terminate() // it ends by itself once it has answered; this makes sure its slot comes back
  })
  worker.once('error', (e: unknown) => {
    const code = (e as { code?: unknown } | null)?.code
    finish(
      code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? { kind: 'failed', problem: problemFor('file_too_large', `The file could not be converted within the converter's memory (${limits.conversionMemoryMb} MiB); send a smaller image (fewer pixels) or PDF.`) }
        : { kind: 'failed', problem: problemFor('internal_error', 'The file could not be converted: the converter failed.') },
    )
  })
  void exited.then(() => finish({ kind: 'failed', problem: problemFor('internal_error', 'The file could not be converted: the converter ended without an answer.') }))
  return { outcome, exited }
}

/**
 * At most `maxConcurrentConversions` workers at once; the others wait in arrival order. A slot is
 * given back when its worker has exited, not when it answered, so memory is bounded too. The time
 * limit counts from the worker's start, not from the wait.
 */
export class ConversionPool {
  #active = 0
  readonly #waiting: Array<() => void> = []

  constructor(
    readonly limits: UploadLimits,
    readonly workerUrl: URL = conversionWorkerUrl(),
  ) {}

  /** How many of this pool's slots are taken (a worker running, or exiting). */
  get active(): number {
    return this.#active
  }

  /** The job's outcome; `bytes` is copied (the copy is transferred to the worker). */
  async convert(input: Omit<ConversionJob, 'kind' | 'limits'>): Promise<ConversionOutcome> {
    await this.#acquire()
    running++
    started++
    let exited: Promise<void> = Promise.resolve()
    try {
      const job: ConversionJob = { kind: 'shipper-rules-sandbox/convert-upload', ...input, bytes: new Uint8Array(input.bytes), limits: { maxImagePixels: this.limits.maxImagePixels, maxImageSide: this.limits.maxImageSide } }
      const started = runWorker(this.workerUrl, job, this.limits)
      exited = started.exited
      return await started.outcome
    } finally {
      void exited.then(() => {
        running--
        this.#release()
      })
    }
  }

  async #acquire(): Promise<void> {
    if (this.#active < this.limits.maxConcurrentConversions) {
      this.#active++
      return
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  #release(): void {
    const next = this.#waiting.shift()
    if (next !== undefined) next() // the slot passes on
    else this.#active--
  }
}
