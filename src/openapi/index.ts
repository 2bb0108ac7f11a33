/**
 * shipper-rules/openapi: the OpenAPI 3.1.0 document of the shipper API (interface version
 * 1.2.0) generated from the library's io-ts codecs. A separate entry point, so that code which
 * only validates does not bundle the generator; the package also ships the document itself as
 * `shipper-rules/openapi.json`. The walker that turns a codec into its JSON Schema and the table
 * of component codecs serve the generator and stay internal (importable inside src/).
 *
 * @packageDocumentation
 */
export { openApiDocument, type OpenApiDocument, type OpenApiOptions } from './document.js'
export { type ComponentName } from './components.js'
export {
  configDeclaration,
  declaredConfig,
  RULES_CONFIG_DECLARATION_VERSION,
  RULES_CONFIG_EXTENSION,
  type ConfigDecision,
  type RulesConfigDeclaration,
} from './declaration.js'
