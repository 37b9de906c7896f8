import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const root = new URL(".", import.meta.url).pathname;

/** The React PWA: built into web/dist and served by the API on the same origin. */
export default defineConfig({
  root,
  plugins: [
    react(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // Admin-only export libraries are large and not needed offline: the service worker
        // caches them at runtime when an admin first uses them, instead of on every install.
        globIgnores: ["**/exceljs*.js", "**/jspdf*.js", "**/html2canvas*.js", "**/purify*.js"],
      },
      manifest: {
        name: "Fahrplan – KI-Fahrstundenplanung",
        short_name: "Fahrplan",
        description: "Fahrstunden planen, Verfügbarkeiten pflegen, Termine sehen – auch offline.",
        lang: "de",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#1d4ed8",
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          {
            src: "/icons/icon-maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
    }),
  ],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  server: { proxy: { "/api": "http://localhost:8000" } },
  test: {
    // common/ is shared with the API; its tests run here, beside the web app's. Components
    // (.tsx) run in jsdom; plain modules in node, since building a jsdom window per file was most
    // of vitest's time (environment 191 s of 192 s under load). A .ts test that needs a DOM says
    // so with a `// @vitest-environment jsdom` line at its top.
    projects: [
      {
        extends: true,
        test: { name: "components", include: ["src/**/*.test.tsx"], environment: "jsdom" },
      },
      {
        extends: true,
        test: {
          name: "modules",
          include: ["src/**/*.test.ts", "../common/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
    setupFiles: ["src/test_setup.ts"],
    // Vitest leaves one core free by default (one worker on the 2-core machines): the suite runs
    // alone, so both work (71 s -> 42 s).
    maxWorkers: 2,
    // A safety net against a hung test, not a speed check: vitest's 5 s let 32 component tests
    // fail while the Deno tests beside them kept both cores busy (load 10-15); speed is measured
    // in benchmarks, never asserted by a test.
    testTimeout: 30_000,
  },
});
