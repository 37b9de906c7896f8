import { deepStrictEqual, ok } from "node:assert/strict";

/** Fails unless the condition holds. */
export function assert(condition: unknown, message?: string): asserts condition {
  ok(condition, message);
}

/** Fails unless both values are deeply equal. */
export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  deepStrictEqual(actual, expected, message);
}
