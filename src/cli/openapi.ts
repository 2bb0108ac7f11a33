/**
 * `shipper-rules openapi`: prints the OpenAPI 3.1.0 document generated from the codecs (the same
 * JSON the package ships as `shipper-rules/openapi.json`).
 *
 * @module
 */
import { openApiDocument } from '../openapi/document.js'
import { errorLine, usageError, type Out } from './usage.js'

export const OPENAPI_USAGE = `  shipper-rules openapi
      prints the OpenAPI 3.1.0 document (interface version 1.2.0) generated from the codecs.`

/** Prints the document and resolves to 0; 2 with a message for an argument or a codec the generator cannot state. */
export const openapiCommand = async (args: ReadonlyArray<string>, io: Out): Promise<number> => {
  if (args.length > 0) return usageError(io, 'openapi', `openapi takes no arguments, got '${args[0]!}'`)
  const document = openApiDocument()
  if (document._tag === 'Left') {
    errorLine(io, `cannot generate the OpenAPI document: ${document.left.join('; ')}`)
    return 2
  }
  io.stdout(`${JSON.stringify(document.right, null, 2)}\n`)
  return 0
}
