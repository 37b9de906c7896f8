import { z } from "zod";

/** base64url (RFC 4648 §5) that decodes to exactly `bytes` bytes; browsers leave out the padding. */
function base64UrlOf(bytes: number, message: string) {
  return z.string({ error: message }).refine((text) => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return false;
    const bare = text.replace(/=+$/, "");
    return Math.floor(bare.length * 3 / 4) === bytes;
  }, message);
}

/**
 * POST /my-push-subscriptions/: the device's PushSubscription as the browser gives it
 * (PushSubscription.toJSON(): endpoint and keys; expirationTime is allowed and not kept).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: "Die Adresse des Push-Dienstes fehlt." })
    .max(2000, "Die Adresse des Push-Dienstes ist zu lang.")
    .refine((text) => URL.canParse(text), "Die Adresse des Push-Dienstes ist ungültig."),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // The browser's P-256 public key, uncompressed (65 bytes), and its 16-byte auth secret.
    p256dh: base64UrlOf(65, "Der Schlüssel des Geräts ist ungültig."),
    auth: base64UrlOf(16, "Das Geheimnis des Geräts ist ungültig."),
  }, { error: "Die Schlüssel des Geräts fehlen." }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** POST /my-push-subscriptions/remove/: the device to forget. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: "Die Adresse des Push-Dienstes fehlt." }).max(2000),
});

/** GET /my-push-subscriptions/key/: the school's public VAPID key (applicationServerKey). */
export const pushKeySchema = z.object({ public_key: z.string() });

/** The answer of subscribe and unsubscribe: a sentence, and how many devices the person has. */
export const pushSubscriptionAnswerSchema = z.object({
  message: z.string(),
  devices: z.number(),
});
