import type { jsPDF } from "jspdf";
import type { Credentials } from "../components/ui/credentials_modal.tsx";

/** The sign-in address printed on every card and encoded in its QR code. */
export function signInAddress(origin = globalThis.location?.origin ?? ""): string {
  return `${origin}/login`;
}

/** The QR code of a text as rows of dark (true) and light modules, with its quiet zone. */
export async function qrModules(text: string): Promise<boolean[][]> {
  // Loaded with the PDF only: the dashboard itself never needs it.
  const { default: encodeQR } = await import("qr");
  return encodeQR(text, "raw", { ecc: "medium" });
}

// A4 portrait in millimetres, 2 x 4 cards: the size of a bank card with room to cut.
const page = { width: 210, height: 297, margin: 10 };
const card = { width: 95, height: 68, columns: 2, rows: 4 };
const qrSize = 28;

/** Cards per A4 page. */
export const cardsPerPage = card.columns * card.rows;

/**
 * A PDF with one card per person (name, username, password, the app's address and a QR code of
 * it) that the office prints, cuts along the dashed lines and hands out. Made in the browser, so
 * the passwords never leave it again; jspdf and qr are loaded only when the button is pressed.
 */
export async function credentialsPdf(users: Credentials[], address: string): Promise<Blob> {
  const [{ jsPDF }, modules] = await Promise.all([import("jspdf"), qrModules(address)]);
  const doc = new jsPDF({ unit: "mm", format: "a4", orientation: "portrait" });
  doc.setProperties({ title: "Fahrplan – Zugangsdaten", creator: "Fahrplan" });
  const left = (page.width - card.columns * card.width) / 2;

  users.forEach((user, i) => {
    const slot = i % cardsPerPage;
    if (i > 0 && slot === 0) doc.addPage();
    const x = left + (slot % card.columns) * card.width;
    const y = page.margin + Math.floor(slot / card.columns) * card.height;
    const textWidth = card.width - qrSize - 16;

    doc.setDrawColor(150);
    doc.setLineWidth(0.2);
    doc.setLineDashPattern([2, 1.5], 0);
    doc.rect(x, y, card.width, card.height);
    doc.setLineDashPattern([], 0);

    doc.setTextColor(29, 78, 216);
    doc.setFont("helvetica", "bold");
    doc.setFontSize(10);
    doc.text("Fahrplan – Zugangsdaten", x + 6, y + 9);

    // A running top edge: a long name or username takes a second line and pushes the rest down.
    let top = y + 18;
    doc.setTextColor(15, 23, 42);
    top = fitted(doc, user.name, { x: x + 6, top, width: textWidth, size: 13, minSize: 10 });

    const field = (label: string, value: string) => {
      top += 2;
      doc.setFont("helvetica", "normal");
      doc.setFontSize(8);
      doc.setTextColor(71, 85, 105);
      doc.text(label, x + 6, top);
      doc.setFont("courier", "bold");
      doc.setTextColor(15, 23, 42);
      top = fitted(doc, value, { x: x + 6, top: top + 5, width: textWidth, size: 11, minSize: 8 });
    };
    field("Benutzername", user.username);
    field("Passwort", user.password);

    doc.setFont("helvetica", "normal");
    doc.setFontSize(8);
    doc.setTextColor(71, 85, 105);
    doc.text("Anmelden unter:", x + 6, y + 53);
    doc.setTextColor(15, 23, 42);
    doc.text(doc.splitTextToSize(address, card.width - 12).slice(0, 2), x + 6, y + 57.5);

    drawQr(doc, modules, x + card.width - qrSize - 6, y + 12);
  });
  return doc.output("blob");
}

interface FitOptions {
  x: number;
  /** baseline of the first line */
  top: number;
  width: number;
  size: number;
  minSize: number;
}

/**
 * Writes a text that must be printed whole (a username or password cut short is useless): in
 * the current font, shrunk down to minSize to fit one line, else broken over at most two lines
 * (jspdf breaks a word without spaces between characters). Answers the baseline of the last
 * line plus the gap to the next element.
 */
function fitted(doc: jsPDF, text: string, options: FitOptions): number {
  const { x, top, width, minSize } = options;
  let size = options.size;
  doc.setFontSize(size);
  while (size > minSize && doc.getTextWidth(text) > width) doc.setFontSize(--size);
  const lines: string[] = doc.splitTextToSize(text, width);
  const lineHeight = size * 0.3528 * 1.15; // points to millimetres, with some leading
  lines.slice(0, 2).forEach((line, i) => doc.text(line, x, top + i * lineHeight));
  return top + (Math.min(lines.length, 2) - 1) * lineHeight + 4;
}

/** Draws the modules as filled squares, one rectangle per horizontal run: vector, no canvas. */
function drawQr(doc: jsPDF, modules: boolean[][], x: number, y: number) {
  const size = qrSize / modules.length;
  doc.setFillColor(0, 0, 0);
  modules.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      const start = c;
      while (c + 1 < row.length && row[c + 1]) c++;
      // A hair of overlap keeps viewers from drawing white seams between neighbours.
      doc.rect(x + start * size, y + r * size, (c - start + 1) * size + 0.02, size + 0.02, "F");
    }
  });
}
