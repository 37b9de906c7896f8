import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { createQueryClient, shouldRetry } from "./query_client.ts";

describe("the query client's defaults", () => {
  it("tries a lost connection and a server error again, three times at most", () => {
    const offline = new ApiError(0, "Keine Verbindung zum Server.", "offline");
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(2, offline)).toBe(true);
    expect(shouldRetry(3, offline)).toBe(false);
    expect(shouldRetry(0, new ApiError(503, "Server nicht erreichbar"))).toBe(true);
    expect(shouldRetry(0, new TypeError("Failed to fetch"))).toBe(true);
  });

  it("takes a 4xx answer as final", () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, new ApiError(status, "Nein"))).toBe(false);
    }
  });

  it("reloads on focus, loads while offline and never repeats a save", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true);
    expect(defaults.queries?.networkMode).toBe("offlineFirst");
    expect(defaults.mutations?.retry).toBe(false);
  });
});
