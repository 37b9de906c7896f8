import { deepStrictEqual, ok } from "node:assert/strict";
import type { ZodType } from "zod";

/** Fails unless the condition holds. */
export function assert(condition: unknown, message?: string): asserts condition {
  ok(condition, message);
}

/** Fails unless both values are deeply equal. */
export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  deepStrictEqual(actual, expected, message);
}

/**
 * Fails unless `value` is exactly what the contract schema describes: a missing or mistyped
 * field fails the parse, an extra field is stripped by it and so fails the comparison.
 */
export function assertContract(schema: ZodType, value: unknown, message?: string): void {
  deepStrictEqual(schema.parse(value), value, message);
}
