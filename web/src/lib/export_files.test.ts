import { describe, expect, it } from "vitest";
import { csvSeparator, toCsv, toXlsx, utf8Bom } from "./export_files.ts";

describe("toCsv", () => {
  it("starts with the BOM, separates with ';' and ends lines with CRLF", () => {
    const csv = toCsv(["Name", "Stunden"], [["Jürgen Weiß", 12]]);
    expect(csv.startsWith(utf8Bom)).toBe(true);
    expect(csvSeparator).toBe(";");
    expect(csv).toBe(`${utf8Bom}Name;Stunden\r\nJürgen Weiß;12\r\n`);
  });
  it("quotes cells with separators, quotes or line breaks, and neutralises formulas", () => {
    const csv = toCsv(["A", "B", "C"], [['Er sagte "ja"', "a;b", "=1+1"]]);
    expect(csv.split("\r\n")[1]).toBe('"Er sagte ""ja""";"a;b";\'=1+1');
  });
  it("neutralises a cell starting with CR even though it gets quoted", () => {
    expect(toCsv(["A"], [["\r=1"]])).toBe(`${utf8Bom}A\r\n"'\r=1"\r\n`);
  });
});

describe("toXlsx", () => {
  it("writes a workbook that exceljs reads back with headers and neutralised cells", async () => {
    const blob = await toXlsx("Test", ["Name", "Offen"], [['=HYPERLINK("x")', 3], ["Ötzi", 0]]);
    const ExcelJS = (await import("exceljs")).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.getWorksheet("Test")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Name", "Offen"]);
    expect(sheet.getRow(2).values).toEqual([undefined, '\'=HYPERLINK("x")', 3]);
    expect(sheet.getRow(3).getCell(1).value).toBe("Ötzi");
  });
});
