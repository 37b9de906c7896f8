import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of every page of a PDF as Mozilla's PDF.js reads it (a real parser: embedded fonts and
 * their ToUnicode maps decide what comes out), one string per page, items joined by spaces.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    data: bytes.slice(),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
