import type { jsPDF } from "jspdf";
import { Buffer } from "node:buffer";

/**
 * The PDF's font: DejaVu Sans (fonts/, Bitstream Vera licence), embedded so every name prints as
 * written. jspdf's built-in Helvetica knows only WinAnsi: "Yılmaz" came out as "Y?lmaz".
 */
export const pdfFont = "DejaVuSans";

const files = { normal: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;

let loaded: Record<keyof typeof files, string> | null = null;

/** The two TTF files as base64, read once per process (about 1.5 MB of files). */
function fontData(): Record<keyof typeof files, string> {
  const read = (name: string) =>
    Buffer.from(Deno.readFileSync(new URL(`./fonts/${name}`, import.meta.url))).toString("base64");
  loaded ??= { normal: read(files.normal), bold: read(files.bold) };
  return loaded;
}

/** Registers DejaVu Sans (normal and bold) with a document; use setFont(pdfFont, ...) after. */
export function addUnicodeFonts(doc: jsPDF): void {
  const data = fontData();
  for (const style of ["normal", "bold"] as const) {
    doc.addFileToVFS(files[style], data[style]);
    doc.addFont(files[style], pdfFont, style);
  }
}
