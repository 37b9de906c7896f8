import { describe, expect, it } from "vitest";
import { readSmtpUrl } from "./smtp_url.ts";

describe("SMTP_URL", () => {
  it("takes smtp:// and smtps://, and counts anything else as not set, saying why", () => {
    expect(readSmtpUrl("smtp://u:p@mail.example.org:587").url).toBe(
      "smtp://u:p@mail.example.org:587",
    );
    expect(readSmtpUrl(" smtps://mail.example.org ").url).toBe("smtps://mail.example.org");
    expect(readSmtpUrl(undefined)).toEqual({ url: "", problem: "" });
    expect(readSmtpUrl("mail.example.org:587")).toEqual({
      url: "",
      problem: "SMTP_URL muss mit smtp:// oder smtps:// beginnen.",
    });
    expect(readSmtpUrl("smtp://").url).toBe("");
  });
});
