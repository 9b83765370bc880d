import { wireSchemas, withRefs, type Json } from './components.js';

/**
 * Operations that no route's schema describes, written as OpenAPI with their examples in place (the
 * OpenID Provider's endpoints, which one hijacked route hands to oidc-provider), with the schemas
 * they share as components (by name) and the security schemes they name.
 */
export interface WrittenOperations {
  paths: Record<string, Record<string, Json>>;
  schemas: Record<string, Json>;
  securitySchemes: Record<string, Json>;
}

/**
 * Adds `written` to the document: its named schemas and the wire schemas inside become `$ref`s,
 * as in the routes' operations. The component maps are replaced, never changed (the plugin shares
 * them between documents).
 */
export function addWritten(document: Json, written: WrittenOperations): void {
  const named = new Map([...wireSchemas, ...Object.entries(written.schemas)]);
  const refs = (node: unknown, keepRoot = false) => withRefs(node, keepRoot, named) as Json;
  const paths = document.paths as Record<string, Json>;
  for (const [path, item] of Object.entries(written.paths))
    paths[path] = { ...paths[path], ...refs(item) };
  const components = document.components as Record<string, Json | undefined>;
  const schemas: Json = { ...components.schemas };
  for (const [name, schema] of Object.entries(written.schemas)) schemas[name] = refs(schema, true);
  document.components = {
    ...components,
    schemas,
    securitySchemes: { ...components.securitySchemes, ...written.securitySchemes },
  };
}
