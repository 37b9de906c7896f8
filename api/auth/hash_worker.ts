/// <reference lib="deno.worker" />
// One thread of the password pool: argon2id verification, off the API's request thread.
import { verifyPassword } from "../../common/passwords.ts";

self.onmessage = async (event: MessageEvent<{ id: number; password: string; hash: string }>) => {
  const { id, password, hash } = event.data;
  self.postMessage({ id, ok: await verifyPassword(password, hash) });
};
