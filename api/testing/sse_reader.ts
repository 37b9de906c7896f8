import type { PlannerProgress } from "../../common/contract/planner_progress.ts";

/** Reads the `event: progress` messages of a server-sent-events body as they come (tests). */
export class ProgressEventReader {
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private decoder = new TextDecoder();
  private buffer = "";

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next progress event satisfying `wanted`, with the time it was read. */
  async next(
    wanted: (p: PlannerProgress) => boolean = () => true,
  ): Promise<{ progress: PlannerProgress; at: number }> {
    for (;;) {
      let cut: number;
      while ((cut = this.buffer.indexOf("\n\n")) >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        const lines = block.split("\n");
        if (!lines.includes("event: progress")) continue;
        const data = lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
        const progress = JSON.parse(data) as PlannerProgress;
        if (wanted(progress)) return { progress, at: performance.now() };
      }
      const { value, done } = await this.reader.read();
      if (done) throw new Error("Stream endete vor dem erwarteten Ereignis");
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}
