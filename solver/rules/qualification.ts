/** Hard rule: an instructor teaches only the transmissions listed for them. */
import type { Instructor, Transmission } from "../instance.ts";

/** True when the instructor may teach lessons of this transmission. */
export function canTeach(instructor: Instructor, transmission: Transmission): boolean {
  return instructor.transmissions.includes(transmission);
}
