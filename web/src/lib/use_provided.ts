import { type Context, useContext } from "react";

/** The value of a context that only exists inside its provider; `misuse` is the error otherwise. */
export function useProvided<T>(context: Context<T | null>, misuse: string): T {
  const value = useContext(context);
  if (!value) throw new Error(misuse);
  return value;
}
