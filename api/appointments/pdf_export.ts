import { jsPDF } from "jspdf";
import type { ExportRow } from "./export_rows.ts";
import { appointmentTypes, germanDate, germanWeekdayShort } from "../../common/german_words.ts";
import { yieldToEventLoop } from "../lib/event_loop.ts";
import { addDays, isoWeek, isoWeekday, mondayOf } from "../../common/time.ts";
import { addUnicodeFonts, pdfFont } from "./pdf_fonts.ts";

/** The file name of the weekly plans. */
export const pdfFileName = "fahrplan-wochenplan.pdf";

const page = { width: 297, height: 210, margin: 12 };
const grid = { top: 34, bottom: 192, timeColumn: 14, header: 9 };
/** The notes under a week's grid: the grid gives up this much room per line. */
const notesBlock = { lineHeight: 3.6, titleHeight: 5, maxLines: 8 };
type Rgb = readonly [number, number, number];
const colors: Record<string, Rgb> = {
  text: [17, 24, 39],
  muted: [100, 116, 139],
  line: [226, 232, 240],
  headerFill: [241, 245, 249],
  lesson: [219, 234, 254],
  lessonEdge: [37, 99, 235],
  pending: [254, 243, 199],
  pendingEdge: [217, 119, 6],
};

/** One page: an instructor's lessons of one ISO week. */
interface WeekPlan {
  instructorName: string;
  monday: string;
  rows: ExportRow[];
}

function minutesOf(clock: string): number {
  const [h, m] = clock.split(":").map(Number);
  return h * 60 + m;
}

/** Groups appointments into pages: instructors by name, then weeks in order. */
function weekPlans(rows: ExportRow[]): WeekPlan[] {
  const plans = new Map<string, WeekPlan>();
  for (const row of rows) {
    const monday = mondayOf(row.date);
    const key = `${row.instructor_id}|${monday}`;
    if (!plans.has(key)) plans.set(key, { instructorName: row.instructor_name, monday, rows: [] });
    plans.get(key)!.rows.push(row);
  }
  return [...plans.values()].sort((a, b) =>
    a.instructorName.localeCompare(b.instructorName, "de") || a.monday.localeCompare(b.monday)
  );
}

/** The hours the grid shows: at least 7-20, widened to fit every lesson of the document. */
function hourRange(rows: ExportRow[]): { first: number; last: number } {
  let first = 7;
  let last = 20;
  for (const row of rows) {
    first = Math.min(first, Math.floor(minutesOf(row.time) / 60));
    const end = minutesOf(row.end_clock) || 24 * 60; // a lesson ending at midnight
    last = Math.max(last, Math.ceil(end / 60));
  }
  return { first, last };
}

function drawPage(doc: jsPDF, plan: WeekPlan, hours: { first: number; last: number }) {
  const { week } = isoWeek(plan.monday);
  // Sunday gets a column only in a week that has a Sunday lesson.
  const dayCount = plan.rows.some((r) => isoWeekday(r.date) === 7) ? 7 : 6;
  const left = page.margin + grid.timeColumn;
  const dayWidth = (page.width - page.margin - left) / dayCount;
  const bodyTop = grid.top + grid.header;
  const noted = plan.rows.filter((r) => r.notes.trim());
  const noteLines = Math.min(noted.length, notesBlock.maxLines);
  const bottom = noted.length
    ? grid.bottom - notesBlock.titleHeight - noteLines * notesBlock.lineHeight
    : grid.bottom;
  const hourHeight = (bottom - bodyTop) / (hours.last - hours.first);

  doc.setTextColor(...colors.text);
  doc.setFont(pdfFont, "bold").setFontSize(16);
  doc.text(`Wochenplan ${plan.instructorName} – KW ${week}`, page.margin, 19);
  doc.setFont(pdfFont, "normal").setFontSize(10).setTextColor(...colors.muted);
  const lastDay = addDays(plan.monday, dayCount - 1);
  doc.text(
    `${germanDate(plan.monday)} – ${germanDate(lastDay)} · ${typeTotals(plan.rows)}`,
    page.margin,
    26,
  );

  drawLegend(doc);

  // Day headers.
  doc.setDrawColor(...colors.line).setLineWidth(0.2);
  doc.setFillColor(...colors.headerFill);
  doc.rect(left, grid.top, dayWidth * dayCount, grid.header, "F");
  doc.setFont(pdfFont, "bold").setFontSize(9).setTextColor(...colors.text);
  for (let d = 0; d < dayCount; d++) {
    const day = addDays(plan.monday, d);
    const label = `${germanWeekdayShort[d]} ${germanDate(day).slice(0, 6)}`;
    doc.text(label, left + d * dayWidth + dayWidth / 2, grid.top + 6, { align: "center" });
  }

  // Hour lines and labels.
  doc.setFont(pdfFont, "normal").setFontSize(8).setTextColor(...colors.muted);
  for (let h = hours.first; h <= hours.last; h++) {
    const y = bodyTop + (h - hours.first) * hourHeight;
    doc.line(left, y, left + dayWidth * dayCount, y);
    if (h < hours.last) {
      doc.text(`${String(h).padStart(2, "0")}:00`, left - 2, y + 3.2, { align: "right" });
    }
  }
  for (let d = 0; d <= dayCount; d++) {
    const x = left + d * dayWidth;
    doc.line(x, grid.top, x, bottom);
  }

  for (const row of plan.rows) drawLesson(doc, row, { left, dayWidth, bodyTop, hourHeight, hours });
  if (noted.length) drawNotes(doc, noted, bottom);
}

/**
 * "Termine: 5 – Fahrstunde: 3 · Prüfung: 1 · Nachtfahrt: 1": the week counted per type (issue 25,
 * point 8), in the order of the type list, with the type's own German name.
 */
function typeTotals(rows: ExportRow[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) {
    counts.set(row.appointment_type, (counts.get(row.appointment_type) ?? 0) + 1);
  }
  const order = (type: string) => {
    const at = (appointmentTypes as string[]).indexOf(type);
    return at < 0 ? appointmentTypes.length : at;
  };
  const label = new Map(rows.map((r) => [r.appointment_type, r.appointment_type_display]));
  const parts = [...counts].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([type, count]) => `${label.get(type)}: ${count}`);
  return `Termine: ${rows.length} – ${parts.join(" · ")}`;
}

/** The office's notes of the week's lessons, one line each, under the grid. */
function drawNotes(doc: jsPDF, rows: ExportRow[], top: number) {
  const width = page.width - 2 * page.margin;
  doc.setFont(pdfFont, "bold").setFontSize(8).setTextColor(...colors.text);
  doc.text("Notizen", page.margin, top + 4);
  doc.setFont(pdfFont, "normal").setFontSize(7);
  const shown = rows.length > notesBlock.maxLines ? notesBlock.maxLines - 1 : rows.length;
  rows.slice(0, shown).forEach((row, i) => {
    const day = `${germanWeekdayShort[isoWeekday(row.date) - 1]} ${
      germanDate(row.date).slice(0, 6)
    }`;
    const note = row.notes.trim().replace(/\s*\r?\n\s*/g, " / ");
    const line =
      `${day} ${row.time} ${row.student_name} (${row.appointment_type_display}): ${note}`;
    const fitted = doc.splitTextToSize(line, width)[0] as string;
    const y = top + notesBlock.titleHeight + 2.6 + i * notesBlock.lineHeight;
    doc.text(fitted.length < line.length ? `${fitted.slice(0, -1)}…` : fitted, page.margin, y);
  });
  if (shown < rows.length) {
    const y = top + notesBlock.titleHeight + 2.6 + shown * notesBlock.lineHeight;
    doc.text(`… und ${rows.length - shown} weitere Notizen`, page.margin, y);
  }
}

function drawLesson(
  doc: jsPDF,
  row: ExportRow,
  box: {
    left: number;
    dayWidth: number;
    bodyTop: number;
    hourHeight: number;
    hours: { first: number };
  },
) {
  const startMinutes = minutesOf(row.time) - box.hours.first * 60;
  const endMinutes = (minutesOf(row.end_clock) || 24 * 60) - box.hours.first * 60;
  const x = box.left + (isoWeekday(row.date) - 1) * box.dayWidth + 0.8;
  const y = box.bodyTop + (startMinutes / 60) * box.hourHeight + 0.4;
  const width = box.dayWidth - 1.6;
  const height = Math.max(3.5, ((endMinutes - startMinutes) / 60) * box.hourHeight - 0.8);
  const pending = row.status === "pending";
  doc.setFillColor(...(pending ? colors.pending : colors.lesson));
  doc.rect(x, y, width, height, "F");
  doc.setFillColor(...(pending ? colors.pendingEdge : colors.lessonEdge));
  doc.rect(x, y, 0.9, height, "F");

  const textWidth = width - 3;
  doc.setTextColor(...colors.text).setFont(pdfFont, "bold").setFontSize(8);
  // The type tells an exam from a lesson (issue 25, point 8). A box too short for a second line
  // carries it beside the name, or before it when both do not fit and it is not a plain lesson.
  const type = row.appointment_type_display;
  const both = `${row.student_name} · ${type}`;
  const title = height >= 7 || doc.getTextWidth(both) <= textWidth
    ? (height >= 7 ? row.student_name : both)
    : row.appointment_type === "driving_lesson"
    ? row.student_name
    : `${type}: ${row.student_name}`;
  const name = doc.splitTextToSize(title, textWidth)[0] as string;
  doc.text(name, x + 2, y + 3.2);
  if (height >= 7) {
    // Type and time first, the status after: a narrow box cuts the line at its end.
    const detail = `${row.appointment_type_display} · ${row.time}–${row.end_clock}${
      pending ? " · ausstehend" : ""
    }`;
    doc.setFont(pdfFont, "normal").setFontSize(7).setTextColor(...colors.muted);
    doc.text(doc.splitTextToSize(detail, textWidth)[0] as string, x + 2, y + 6.3);
  }
  const place = [row.vehicle, row.pickup_point].filter(Boolean).join(" · ");
  if (height >= 9 && place) {
    // The car and where the instructor picks the student up, where the box has room.
    doc.text(doc.splitTextToSize(place, textWidth)[0] as string, x + 2, y + 9);
  }
}

/** Top right: what the two box colours mean. */
function drawLegend(doc: jsPDF) {
  const entries: [string, Rgb][] = [["Bestätigt", colors.lessonEdge], [
    "Ausstehend",
    colors.pendingEdge,
  ]];
  let x = page.width - page.margin;
  doc.setFont(pdfFont, "normal").setFontSize(9).setTextColor(...colors.muted);
  for (const [label, color] of [...entries].reverse()) {
    doc.text(label, x, 26, { align: "right" });
    x -= doc.getTextWidth(label) + 4.5;
    doc.setFillColor(...color);
    doc.rect(x, 23.6, 3, 3, "F");
    x -= 6;
  }
}

function drawFooters(doc: jsPDF, createdOn: string) {
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont(pdfFont, "normal").setFontSize(8).setTextColor(...colors.muted);
    doc.text(`Erstellt am ${germanDate(createdOn)} mit Fahrplan`, page.margin, 202);
    doc.text(`Seite ${p} von ${pages}`, page.width - page.margin, 202, { align: "right" });
  }
}

/**
 * Weekly plans as a landscape PDF: one page per instructor and ISO week, a grid Mo-Sa × hours
 * with the students' names. Cancelled lessons are left out by the caller.
 */
export async function weeklyPlansPdf(rows: ExportRow[], createdOn: string): Promise<Uint8Array> {
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4", compress: true });
  doc.setProperties({ title: "Wochenpläne der Fahrlehrer", creator: "Fahrplan" });
  addUnicodeFonts(doc);
  const plans = weekPlans(rows);
  if (plans.length === 0) {
    doc.setFont(pdfFont, "bold").setFontSize(16).setTextColor(...colors.text);
    doc.text("Wochenplan", page.margin, 19);
    doc.setFont(pdfFont, "normal").setFontSize(11).setTextColor(...colors.muted);
    doc.text("Keine anstehenden Termine im gewählten Zeitraum.", page.margin, 30);
  }
  const hours = hourRange(rows);
  for (const [i, plan] of plans.entries()) {
    if (i > 0) doc.addPage();
    drawPage(doc, plan, hours);
    // Other requests are served between two pages (issue 24).
    await yieldToEventLoop();
  }
  drawFooters(doc, createdOn);
  return new Uint8Array(doc.output("arraybuffer"));
}
