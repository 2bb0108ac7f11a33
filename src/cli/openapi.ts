/**
 * `shipper-rules openapi`: prints the OpenAPI 3.1.0 document generated from the codecs (the same
 * JSON the package ships as `shipper-rules/openapi.json`).
 *
 * @module
 */
import { openApiDocument } from '../openapi/document.js'

export const OPENAPI_USAGE = `  shipper-rules openapi
      prints the OpenAPI 3.1.0 document (interface version 1.2.0) generated from the codecs.`

/** The output streams the command writes to (a part of the CLI's I/O). */
interface Out {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** Prints the document and resolves to 0; 2 with a message for an argument or a codec the generator cannot state. */
export const openapiCommand = async (args: ReadonlyArray<string>, io: Out): Promise<number> => {
  if (args.length > 0) {
    io.stderr(`shipper-rules: openapi takes no arguments, got '${args[0]!}'\n${OPENAPI_USAGE}\n`)
    return 2
  }
  const document = openApiDocument()
  if (document._tag === 'Left') {
    io.stderr(`shipper-rules: cannot generate the OpenAPI document:\n${document.left.map((e) => `  ${e}\n`).join('')}`)
    return 2
  }
  io.stdout(`${JSON.stringify(document.right, null, 2)}\n`)
  return 0
}
