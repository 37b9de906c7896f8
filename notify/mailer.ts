/**
 * E-mail through nodemailer (maintained, runs on Deno through its Node compatibility; checked
 * against a real SMTP server in the tests): SMTP_URL (smtp://user:pass@host:port, smtps:// for TLS
 * from the start) and the sender SMTP_FROM.
 */
import nodemailer from "nodemailer";

/** One e-mail to send. */
export interface Outgoing {
  to: string;
  subject: string;
  text: string;
  /** The same for every try of one outbox row: a mail program recognises a repeat by it. */
  messageId: string;
}

/** What became of one try; `status`: a push service's HTTP answer (push only). */
export type SendOutcome =
  | { ok: true }
  | { ok: false; permanent: boolean; error: string; status?: number };

/** Sends mail; `close()` ends its connections. */
export interface Mailer {
  /** The sender's domain: the right-hand side of the Message-IDs. */
  domain: string;
  send(mail: Outgoing): Promise<SendOutcome>;
  close(): void;
}

/** The sender when SMTP_FROM is not set: the SMTP user at the server's host. */
function defaultFrom(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  return `Fahrplan <${user.includes("@") ? user : `fahrplan@${url.hostname}`}>`;
}

/** The domain of a sender such as `Fahrschule <buero@fahrschule.example>`. */
export function senderDomain(from: string): string {
  return from.match(/@([^\s>]+)>?\s*$/)?.[1]?.toLowerCase() ?? "fahrplan.invalid";
}

/**
 * A mailer for `smtpUrl`. A refusal with a 5xx code (an unknown mailbox, a refused address) is
 * permanent: trying again would only repeat it, and the office is shown the address instead.
 * Everything else (no connection, 4xx, a timeout) is tried again later.
 */
export function smtpMailer(smtpUrl: string, from = defaultFrom(smtpUrl)): Mailer {
  // Time limits well below the outbox lease: a hanging server must not outlast the claim.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    domain: senderDomain(from),
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: mail.messageId,
        });
        return { ok: true };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string };
        const code = e.responseCode ?? 0;
        return {
          ok: false,
          permanent: code >= 500 && code < 600,
          error: (e.response ?? e.message ?? String(err)).slice(0, 500),
        };
      }
    },
    close: () => transport.close(),
  };
}
