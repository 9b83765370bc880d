import { Type, type SchemaOptions, type TLiteral, type TUnion } from '@sinclair/typebox';

/** `anyOf` string constants, typed as the union of those strings (not as `string`). */
export function literalUnion<const T extends string>(
  values: readonly T[],
  options: SchemaOptions = {},
): TUnion<TLiteral<T>[]> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );
}
