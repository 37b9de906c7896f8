/**
 * Which push endpoints a subscription may name. The delivery worker posts to it, so it must be a
 * push service on the internet (https), not a service of this machine; only PUSH_ALLOW_LOOPBACK
 * lets a test's push service on loopback through.
 */
const loopbackHosts = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** A German reason the endpoint is refused, or null when it may be used. */
export function endpointProblem(endpoint: string, allowLoopback: boolean): string | null {
  const url = new URL(endpoint);
  if (url.username || url.password) return "Die Adresse des Push-Dienstes ist ungültig.";
  if (url.protocol === "https:" && !loopbackHosts.test(url.hostname)) return null;
  if (allowLoopback && loopbackHosts.test(url.hostname)) return null;
  return "Der Push-Dienst muss über https:// erreichbar sein.";
}
