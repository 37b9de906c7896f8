/**
 * Reads uploads on a thread of their own, so a large or hostile workbook costs the uploader time
 * and nobody else (unzipping and exceljs take up to seconds of CPU, which on the API's thread held
 * every other request). One worker reads one file at a time; imports are rare and a queue of them
 * is cheaper than a thread each. A read still busy after the time limit ends the worker (a safety
 * net: the row count before exceljs keeps legitimate files far below it) and says so.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../lib/errors.ts";
import type { SheetRow } from "./read_file.ts";
import type { ReadAnswer } from "./read_worker.ts";

const timeLimitMs = 30_000;

let worker: Worker | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Reads an upload into rows on the reader thread; refusals arrive as the same AppError. */
export function readUploadOffThread(name: string, bytes: Uint8Array): Promise<SheetRow[]> {
  const read = queue.then(() => readOnWorker(name, bytes));
  queue = read.catch(() => {});
  return read;
}

/** Ends the reader thread (shutdown); a later upload starts a new one. */
export function closeImportReader(): void {
  worker?.terminate();
  worker = null;
}

function readOnWorker(name: string, bytes: Uint8Array): Promise<SheetRow[]> {
  const thread = worker ??= new Worker(new URL("./read_worker.ts", import.meta.url), {
    type: "module",
  });
  return new Promise<SheetRow[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      closeImportReader();
      reject(
        new AppError(
          400,
          "import_file_rejected",
          "Die Datei konnte nicht in angemessener Zeit gelesen werden. Bitte speichern Sie nur " +
            "die Tabelle mit den Daten als neue .xlsx-Datei und laden Sie diese hoch.",
        ),
      );
    }, timeLimitMs);
    thread.onmessage = (event: MessageEvent<ReadAnswer>) => {
      clearTimeout(timer);
      const answer = event.data;
      if ("rows" in answer) resolve(answer.rows);
      else if ("refused" in answer) {
        const { status, code, message } = answer.refused;
        reject(new AppError(status as ContentfulStatusCode, code, message));
      } else reject(new Error(`Import-Leser: ${answer.failed}`));
    };
    thread.onerror = (event) => {
      event.preventDefault();
      clearTimeout(timer);
      closeImportReader();
      reject(new Error(`Import-Leser: ${event.message}`));
    };
    thread.postMessage({ name, bytes }, [bytes.buffer]);
  });
}
