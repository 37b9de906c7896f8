/**
 * What a push message from the delivery worker (notify/push/deliver.ts) carries, read the way the
 * service worker shows it. A message that is not ours, or not JSON, still shows something German
 * instead of nothing: a push that shows no notification counts against the site in Chromium.
 */
export interface ShownPush {
  title: string;
  body: string;
  /** A path of this app; a click opens it. */
  url: string;
  tag?: string;
}

const fallback: ShownPush = {
  title: "Fahrplan",
  body: "Es gibt Neuigkeiten zu Ihren Terminen.",
  url: "/kalender",
};

/** Only a path of this app is opened on a click, never another site. */
export function ownPath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//")
    ? url
    : "/kalender";
}

export function readPush(text: string | null | undefined): ShownPush {
  if (!text) return fallback;
  try {
    const data = JSON.parse(text);
    if (typeof data?.title !== "string" || !data.title) return fallback;
    return {
      title: data.title,
      body: typeof data.body === "string" ? data.body : "",
      url: ownPath(data.url),
      tag: typeof data.tag === "string" ? data.tag : undefined,
    };
  } catch {
    return fallback;
  }
}
