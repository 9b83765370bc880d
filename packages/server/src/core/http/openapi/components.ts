import { Kind } from '@sinclair/typebox';
import * as wire from '@svc/wire';

export type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The named schemas of the documents: the resources and enumerations of `@svc/wire`, by their
 * export names (plain strings such as `Identifier` stay inline).
 */
export const wireSchemas: ReadonlyMap<string, Json> = new Map(
  Object.entries(wire as Record<string, unknown>).filter(
    (entry): entry is [string, Json] =>
      isObject(entry[1]) && Kind in entry[1] && (entry[1].type === 'object' || 'anyOf' in entry[1]),
  ),
);

/**
 * The same schema: the object itself, or a copy that TypeBox made to mark it (`Type.Optional`
 * spreads the schema and adds a symbol), so every string-keyed member is the same value.
 */
function sameSchema(a: Json, b: Json): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export const componentRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** The name of the named schema (by default, the wire schema) `node` is, if any. */
export function componentName(node: Json, named = wireSchemas): string | undefined {
  for (const [name, schema] of named) if (sameSchema(node, schema)) return name;
  return undefined;
}

// Values, not schemas: copied as they are (`example` sits on the written operations' media).
const literalKeys = new Set(['examples', 'example', 'default', 'enum']);

/**
 * A copy of `schema` where every wire schema inside (and `schema` itself, unless `keepRoot`) is a
 * `$ref` to its component (or every schema of `named`). Nothing of the route's own schema is
 * changed: it still validates.
 */
export function withRefs(schema: unknown, keepRoot = false, named = wireSchemas): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, false, named));
  if (!isObject(schema)) return schema;
  const name = keepRoot ? undefined : componentName(schema, named);
  if (name) return componentRef(name);
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema))
    copy[key] = literalKeys.has(key) ? value : withRefs(value, false, named);
  return copy;
}

/** Every `$ref`ed component name found in `node`, and in the components those name, in turn. */
function usedComponents(node: unknown, components: Json, used = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) usedComponents(item, components, used);
  else if (isObject(node)) {
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!used.has(name)) {
        used.add(name);
        usedComponents(components[name], components, used);
      }
    }
    for (const value of Object.values(node)) usedComponents(value, components, used);
  }
  return used;
}

/**
 * Keeps the components (schemas and security schemes) that the document's operations use; the
 * maps are replaced, never changed, as the plugin shares them between documents.
 */
export function pruneComponents(document: Json): void {
  const components = (document.components ?? {}) as Record<string, Json>;
  const schemas = components.schemas ?? {};
  const used = usedComponents(document.paths, schemas);
  const required = new Set<string>();
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>))
    for (const operation of Object.values(item) as Json[])
      for (const requirement of (operation.security ?? []) as Json[])
        for (const scheme of Object.keys(requirement)) required.add(scheme);
  const keep = (map: Json | undefined, names: Set<string>) =>
    Object.fromEntries(Object.entries(map ?? {}).filter(([name]) => names.has(name)));
  document.components = {
    ...components,
    schemas: keep(schemas, used),
    securitySchemes: keep(components.securitySchemes, required),
  };
}
