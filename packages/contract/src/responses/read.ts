import { z } from 'zod/mini';

/**
 * A whole number. `multipleOf(1)` means what `z.int()` means (JSON Schema `multipleOf: 1`) at half
 * its weight in the browser bundle, which decides whether the largest routes fit their budget.
 */
export const int = z.number().check(z.multipleOf(1));
/** Text an answer left out or garbled reads as ''. */
export const text = z.catch(z.string(), '');
/** An optional text: anything but a string reads as null. */
export const textOrNull = z.catch(z.nullable(z.string()), null);
/** A list of texts (URLs, providers): missing, or holding anything but strings, it reads as empty. */
export const strings = z.catch(z.array(z.string()), []);
/** A count an older answer may lack; `derive` works it out from its list. */
export const countIfSent = z.catch(z.nullable(int), null);
export const success = z.literal(true);

/** A list that keeps the entries it can read and drops the rest (unknown modes, plans, templates). */
export function readableEntries<T extends z.core.$ZodType>(item: T) {
  return z.codec(z.catch(z.array(z.unknown()), []), z.array(item), {
    decode: (values) =>
      values.filter((value): value is z.input<T> => z.safeParse(item, value).success),
    encode: (values) => values,
  });
}

/**
 * `schema`, reading through `lenient` (the same object, where some fields may be missing) and
 * letting `fill` work those out from the rest of the answer. Encoding checks `schema` alone.
 */
export function derive<L extends z.core.$ZodType, S extends z.core.$ZodType>(
  lenient: L,
  schema: S,
  fill: (value: z.output<L>) => z.input<S>,
) {
  return z.codec(lenient, schema, {
    decode: fill,
    // The value has just passed `schema`; reading it through `lenient` only re-types it.
    encode: (value) => z.parse(lenient, value),
  });
}
