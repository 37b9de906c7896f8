import { useCallback, useEffect, useRef, useState } from "react";
import type { Credentials } from "../../components/ui/credentials_modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import {
  type ImportIssue,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  importTimeoutMs,
  issuesOf,
  previewImport,
  runImport,
} from "./api.ts";
import { fileProblem } from "./file_checks.ts";

/** Where an import stands: file chosen, read on the server, shown, written, answered. */
export type ImportStep =
  | { step: "idle" }
  | { step: "checking"; kind: ImportKind; file: File }
  | { step: "preview"; kind: ImportKind; file: File; preview: ImportPreview }
  | { step: "importing"; kind: ImportKind; file: File; preview: ImportPreview }
  | { step: "failed"; kind: ImportKind; file: File; message: string; issues: ImportIssue[] }
  | { step: "result"; kind: ImportKind; result: ImportResult }
  | { step: "credentials"; kind: ImportKind; users: Credentials[] };

/** Spec 01 §8: the timeout message names who was imported. */
export function timeoutMessage(kind: ImportKind): string {
  return `Import-Timeout! Die Datei ist zu groß. Versuche es mit weniger ${
    kind === "instructors" ? "Lehrern" : "Schülern"
  }.`;
}

function failureMessage(err: unknown): string {
  const reason = err instanceof Error && err.message ? err.message : "Unbekannter Fehler";
  return `Fehler beim Import: ${reason}`;
}

/**
 * The import of one file: a courtesy check, the server's preview (nothing written), then on
 * "Importieren" the real call, the result and the credentials. Both calls give up after the
 * spec's 5 minutes; closing while the server reads the file cancels the read.
 */
export function useImportFlow(onImported?: (kind: ImportKind) => void) {
  const toast = useToast();
  const [state, setState] = useState<ImportStep>({ step: "idle" });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  /** Calls the server with the spec's timeout; answers null when the user cancelled. */
  const withTimeout = useCallback(
    async <T>(kind: ImportKind, file: File, call: (signal: AbortSignal) => Promise<T>) => {
      const controller = new AbortController();
      abort.current = controller;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, importTimeoutMs);
      try {
        return await call(controller.signal);
      } catch (err) {
        if ((err as Error).name === "AbortError" && !timedOut) return null;
        setState({
          step: "failed",
          kind,
          file,
          message: timedOut ? timeoutMessage(kind) : failureMessage(err),
          issues: issuesOf(err),
        });
        if (!timedOut && !(err instanceof ApiError)) console.error(err);
        return null;
      } finally {
        clearTimeout(timer);
        if (abort.current === controller) abort.current = null;
      }
    },
    [],
  );

  /** A file was picked: check it here, then ask the server what it would import. */
  const choose = useCallback(async (kind: ImportKind, file: File) => {
    const problem = fileProblem(file);
    if (problem) {
      setState({ step: "failed", kind, file, message: problem, issues: [] });
      return;
    }
    setState({ step: "checking", kind, file });
    const preview = await withTimeout(kind, file, (signal) => previewImport(kind, file, signal));
    if (preview) setState({ step: "preview", kind, file, preview });
  }, [withTimeout]);

  /** "Importieren": the real, all-or-nothing import of the previewed file. */
  const commit = useCallback(async () => {
    if (state.step !== "preview") return;
    const { kind, file, preview } = state;
    setState({ step: "importing", kind, file, preview });
    const result = await withTimeout(kind, file, (signal) => runImport(kind, file, signal));
    if (!result) return;
    toast.show(result.message || `${result.created_count} Personen importiert`, "success", 5000);
    setState({ step: "result", kind, result });
    onImported?.(kind);
  }, [state, withTimeout, toast, onImported]);

  /** Closes the current step; the result leads on to the credentials, so none get lost. */
  const close = useCallback(() => {
    if (state.step === "importing") return; // the server is writing: wait for its answer
    abort.current?.abort();
    if (state.step === "result" && state.result.created_users.length > 0) {
      setState({ step: "credentials", kind: state.kind, users: state.result.created_users });
      return;
    }
    setState({ step: "idle" });
  }, [state]);

  return { state, choose, commit, close };
}
