import decodeQR from "qr/decode.js";
import { describe, expect, it } from "vitest";
import { cardsPerPage, credentialsPdf, qrModules, signInAddress } from "./credentials_pdf.ts";

/** The QR modules as an RGBA image, 4 pixels a module with the 4-module quiet zone. */
function toImage(modules: boolean[][]) {
  const scale = 4;
  const quiet = 4;
  const size = (modules.length + 2 * quiet) * scale;
  const data = new Uint8Array(size * size * 4).fill(255);
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const px = ((r + quiet) * scale + dy) * size + (c + quiet) * scale + dx;
          data.fill(0, px * 4, px * 4 + 3);
        }
      }
    })
  );
  return { width: size, height: size, data };
}

describe("credentials PDF", () => {
  it("encodes the sign-in address in a QR code that a reader decodes back", async () => {
    const address = signInAddress("https://fahrschule.example.de");
    expect(address).toBe("https://fahrschule.example.de/login");
    expect(decodeQR(toImage(await qrModules(address)))).toBe(address);
  });

  it("prints one card per person, 8 to a page, with name, username, password and address", async () => {
    const users = Array.from({ length: cardsPerPage + 1 }, (_, i) => ({
      name: `Jürgen Weiß ${i + 1}`,
      username: `juergen.weiss${i + 1}`,
      password: `Pw-${i + 1}-xyz`,
    }));
    const blob = await credentialsPdf(users, "https://fahrschule.example.de/login");
    const pdf = new TextDecoder("latin1").decode(await blob.arrayBuffer());
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    for (const user of users) {
      expect(pdf).toContain(`(${user.username})`);
      expect(pdf).toContain(`(${user.password})`);
    }
    // Umlauts survive in the PDF's standard encoding (WinAnsi).
    expect(pdf).toContain("(Jürgen Weiß 9)");
    expect(pdf.split("(https://fahrschule.example.de/login)").length - 1).toBe(users.length);
  });

  it("prints a username too long for one line whole, over two lines", async () => {
    const username = "maximilian-alexander.schmidt-wuestenhagen";
    const blob = await credentialsPdf(
      [{ name: "Maximilian Schmidt", username, password: "Pw-1" }],
      "https://fahrschule.example.de/login",
    );
    const pdf = new TextDecoder("latin1").decode(await blob.arrayBuffer());
    const texts = [...pdf.matchAll(/\((.*?)\) Tj/g)].map((m) => m[1]);
    const start = texts.findIndex((t) => username.startsWith(t) && t.length > 0);
    expect(texts[start].length).toBeLessThan(username.length);
    expect(texts[start] + texts[start + 1]).toBe(username);
  });
});
