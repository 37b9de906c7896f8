/**
 * "Zugangsdaten herunterladen" (issue 10): one card per created user with name, username,
 * password, the app's address and a QR code of it, eight cards to an A4 page with cut lines.
 * Built from the request body and answered at once; the passwords are never written anywhere.
 */
import { jsPDF } from "jspdf";
import qrcode from "qrcode-generator";
import { pdfText } from "../appointments/pdf_export.ts";

export const credentialsFileName = "fahrplan-zugangsdaten.pdf";

export interface Credentials {
  name: string;
  username: string;
  password: string;
}

const page = { width: 210, height: 297, margin: 10 };
const columns = 2;
const rows = 4;
const card = {
  width: (page.width - 2 * page.margin) / columns,
  height: (page.height - 2 * page.margin) / rows,
};
const qrSize = 30;

/** The QR code's dark modules as a square matrix (error correction M, size chosen to fit). */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

function drawQr(doc: jsPDF, matrix: boolean[][], x: number, y: number, size: number) {
  // Four modules of quiet zone on each side, as the standard asks.
  const cell = size / (matrix.length + 8);
  doc.setFillColor(0, 0, 0);
  matrix.forEach((line, r) => {
    // One rectangle per run of dark modules keeps the file small (a card is ~150 runs).
    for (let c = 0; c < line.length; c++) {
      if (!line[c]) continue;
      const start = c;
      while (line[c + 1]) c++;
      doc.rect(x + (start + 4) * cell, y + (r + 4) * cell, (c - start + 1) * cell, cell, "F");
    }
  });
}

function drawCard(doc: jsPDF, user: Credentials, loginUrl: string, qr: boolean[][], i: number) {
  const x = page.margin + (i % columns) * card.width;
  const y = page.margin + Math.floor(i / columns) * card.height;
  doc.setDrawColor(180, 180, 180).setLineDashPattern([1.5, 1.5], 0);
  doc.rect(x, y, card.width, card.height);
  doc.setLineDashPattern([], 0);
  const left = x + 6;
  doc.setTextColor(37, 99, 235).setFont("helvetica", "bold").setFontSize(9);
  doc.text("Fahrplan – Ihre Zugangsdaten", left, y + 9);
  doc.setTextColor(17, 24, 39).setFontSize(13);
  // Helvetica has no dotless ı (Yılmaz); pdfText cannot decompose it, so it becomes an i here.
  const name = pdfText(user.name.replace(/ı/g, "i"));
  doc.text(doc.splitTextToSize(name, card.width - 12)[0], left, y + 18);
  const label = (text: string, at: number) => {
    doc.setFont("helvetica", "normal").setFontSize(8).setTextColor(100, 116, 139);
    doc.text(text, left, at);
  };
  const value = (text: string, at: number) => {
    // Courier: a password is read character by character (l, 1, I must not look alike).
    doc.setFont("courier", "bold").setFontSize(11).setTextColor(17, 24, 39);
    doc.text(pdfText(text), left, at);
  };
  label("Benutzername", y + 27);
  value(user.username, y + 32);
  label("Passwort", y + 39);
  value(user.password, y + 44);
  label("Anmelden unter", y + 51);
  doc.setFont("helvetica", "normal").setFontSize(8).setTextColor(17, 24, 39);
  doc.text(doc.splitTextToSize(loginUrl, card.width - qrSize - 14)[0], left, y + 55.5);
  drawQr(doc, qr, x + card.width - qrSize - 4, y + card.height - qrSize - 4, qrSize);
  doc.setFont("helvetica", "normal").setFontSize(7).setTextColor(100, 116, 139);
  doc.text("Persönlich – bitte nicht weitergeben.", left, y + 66);
}

/** The cards as PDF bytes. */
export function credentialsPdf(users: Credentials[], loginUrl: string): Uint8Array {
  // Two decimals of a point are far below what a printer resolves, and keep the file small.
  const doc = new jsPDF({
    unit: "mm",
    format: "a4",
    orientation: "portrait",
    floatPrecision: 2,
    compress: true,
  });
  doc.setProperties({ title: "Fahrplan – Zugangsdaten", creator: "Fahrplan" });
  const qr = qrMatrix(loginUrl);
  users.forEach((user, i) => {
    const slot = i % (columns * rows);
    if (i > 0 && slot === 0) doc.addPage();
    drawCard(doc, user, loginUrl, qr, slot);
  });
  return new Uint8Array(doc.output("arraybuffer"));
}
