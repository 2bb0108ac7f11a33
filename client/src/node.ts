/// <reference types="node" />
/**
 * The Node entry, `shipper-rules-client/node`: everything of the main entry, and a
 * createShipperClient whose uploads also accept a file path (read with `fs/promises`' readFile).
 * The main entry imports nothing from `node:`, so browsers, Deno and Bun bundle it as is.
 *
 * @module
 */
import { readFile } from 'node:fs/promises'
import { createShipperClient as createBase } from './index.js'
import type { ClientOptions, ShipperClient } from './types.js'

export * from './index.js'

/**
 * Makes a client as the main entry's createShipperClient does, with `readFile` defaulting to
 * Node's, so `appointments.uploadDocument` takes a path.
 *
 * @example
 * const client = createShipperClient({ baseUrl: 'http://127.0.0.1:8080', token: 't', apiKey: 'k' })
 * typeof client.appointments.uploadDocument
 * //=> 'function'
 *
 * @category client
 * @since 0.1.0
 */
export const createShipperClient = (options: ClientOptions): ShipperClient =>
  createBase({ readFile: async (path) => new Uint8Array(await readFile(path)), ...options })
