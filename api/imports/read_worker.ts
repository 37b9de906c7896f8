/// <reference lib="deno.worker" />
/**
 * The worker that reads an upload (api/imports/read_off_thread.ts starts it): unzipping and
 * exceljs's parsing take up to seconds of CPU, which on the API's own thread would hold every
 * other user's request for as long.
 */
import { AppError } from "../lib/errors.ts";
import { readUpload } from "./read_file.ts";

export type ReadAnswer =
  | { rows: Awaited<ReturnType<typeof readUpload>> }
  | { refused: { status: number; code: string; message: string } }
  | { failed: string };

self.onmessage = async (event: MessageEvent<{ name: string; bytes: Uint8Array }>) => {
  let answer: ReadAnswer;
  try {
    answer = { rows: await readUpload(event.data.name, event.data.bytes) };
  } catch (err) {
    answer = err instanceof AppError
      ? { refused: { status: err.status, code: err.code, message: err.message } }
      : { failed: String(err) };
  }
  self.postMessage(answer);
};
