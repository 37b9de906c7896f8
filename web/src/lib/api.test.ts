import { describe, expect, it } from "vitest";
import { routePath } from "./api.ts";

describe("routePath", () => {
  it("fills the path parameters and appends the query", () => {
    expect(routePath("GET /admin/users/{id}/", { id: 7 })).toBe("/admin/users/7/");
    expect(routePath("GET /fragebogen/{token}/", { token: "a b" })).toBe("/fragebogen/a%20b/");
    expect(routePath("GET /admin/users/", {}, { role: "student", page: 2, search: undefined }))
      .toBe("/admin/users/?role=student&page=2");
    expect(routePath("POST /admin/import/students/?preview=1", {}, "x=1"))
      .toBe("/admin/import/students/?preview=1&x=1");
  });

  it("refuses a route whose parameter is missing", () => {
    expect(() => routePath("DELETE /admin/vehicles/{id}/")).toThrow("{id}");
  });
});
