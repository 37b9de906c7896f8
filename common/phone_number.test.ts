import { expect, it } from "vitest";
import { isPhoneNumber } from "./phone_number.ts";

it("passes phone numbers as people write them; letters and stubs not (issue 25, point 22)", () => {
  for (const good of ["0231 123456", "+49 (231) 12 34-56", "0176/1234567", "0231 1"]) {
    expect(isPhoneNumber(good), good).toBe(true);
  }
  for (const bad of ["abc", "0231 abc", "123", "++49 231 1234", "", "12345678901234567890123"]) {
    expect(isPhoneNumber(bad), bad).toBe(false);
  }
});
