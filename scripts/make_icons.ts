/**
 * Renders the PWA icons from web/public/favicon.svg in Chromium (playwright-core) so the PNGs
 * always match the logo: `deno run -A scripts/make_icons.ts`.
 */
import { chromium } from "playwright-core";

const root = new URL("../", import.meta.url).pathname;
const logo = await Deno.readTextFile(`${root}web/public/favicon.svg`);
const logoUrl = `data:image/svg+xml;base64,${btoa(logo)}`;

// Standard icons show the rounded logo as it is; the maskable one fills the whole square with the
// logo's gradient and keeps the symbol inside the 80 % safe zone that launchers may crop to.
const icons = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  await Deno.mkdir(`${root}web/public/icons`, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const inner = icon.maskable ? Math.round(icon.size * 0.82) : icon.size;
    const background = icon.maskable ? "linear-gradient(135deg, #2563eb, #0e7490)" : "transparent";
    await page.setContent(`<!doctype html><html><body style="margin:0;width:${icon.size}px;
      height:${icon.size}px;display:grid;place-items:center;background:${background}">
      <img src="${logoUrl}" width="${inner}" height="${inner}"></body></html>`);
    await page.waitForFunction(() => document.images[0]?.complete);
    await page.screenshot({
      path: `${root}web/public/icons/${icon.file}`,
      omitBackground: !icon.maskable,
    });
    await page.close();
    console.log(`web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
