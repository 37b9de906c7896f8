/**
 * SMTP_URL as the API and the delivery worker both read it: `smtp://user:pass@host:port` (STARTTLS
 * when the server offers it) or `smtps://…` (TLS from the start). A malformed value counts as not
 * set, with a message in the log, instead of a worker that dies on every start and takes the whole
 * app down with it (scripts/start.ts stops after five quick deaths).
 */
export function readSmtpUrl(value: string | undefined): { url: string; problem: string } {
  const text = value?.trim() ?? "";
  if (!text) return { url: "", problem: "" };
  try {
    const url = new URL(text);
    if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
      return { url: "", problem: "SMTP_URL muss mit smtp:// oder smtps:// beginnen." };
    }
    if (!url.hostname) return { url: "", problem: "SMTP_URL nennt keinen Server." };
    return { url: text, problem: "" };
  } catch {
    return { url: "", problem: "SMTP_URL ist keine gültige Adresse." };
  }
}
