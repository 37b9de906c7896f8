/** Hard rule: no student gets more new lessons of a transmission than `needs` asks. */
import type { Student, Transmission } from "../instance.ts";

export const TRANSMISSIONS: Transmission[] = ["manual", "automatic"];

/** The transmissions a student still needs lessons in. */
export function neededTransmissions(student: Student): Transmission[] {
  return TRANSMISSIONS.filter((t) => student.needs[t] > 0);
}
