/**
 * shipper-rules/openapi: the OpenAPI 3.1.0 document of the shipper API (interface version
 * 1.2.0) generated from the library's io-ts codecs, and the walker that turns a codec into its
 * JSON Schema. A separate entry point, so that code which only validates does not bundle the
 * generator; the package also ships the document itself as `shipper-rules/openapi.json`.
 *
 * @packageDocumentation
 */
export { openApiDocument, type OpenApiDocument } from './document.js'
export { jsonSchemaOf, type ComponentNames } from './jsonSchema.js'
export { COMPONENT_CODECS, COMPONENT_DESCRIPTIONS, type ComponentName } from './components.js'
