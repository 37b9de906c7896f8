import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitForController } from "./support/service_worker.ts";
import { type DeviceKeys, makeDeviceKeys } from "../../notify/testing/push_peer.ts";

// Issue 23, Web Push in Chromium, end to end: a student allows notifications on their own page,
// the page subscribes through the service worker's PushManager and registers the device; the
// office publishes a plan; the real delivery worker encrypts and sends the message to a push
// service on loopback; the test opens it with the device's keys and hands it to the service
// worker through the DevTools protocol (ServiceWorker.deliverPushMessage), which shows the German
// notification.
//
// One stand-in: Chromium's PushManager.subscribe registers with Google's push service (FCM),
// which this machine cannot reach (and an incognito test context refuses push altogether). The
// page's subscribe therefore answers a subscription for the loopback push service below, with
// keys made here, exactly the fields a real PushSubscription has. Everything else is real.
const app = useApp("push_notifications", {
  PUSH_ALLOW_LOOPBACK: "1",
  FAHRPLAN_NOTIFY_POLL_MS: "500",
});
test.describe.configure({ mode: "serial" });

/** What the loopback push service received, as raw bytes per request. */
const received: { path: string; body: Uint8Array<ArrayBuffer> }[] = [];
let server: Server;
let pushOrigin = "";
let device: DeviceKeys;

test.beforeAll(async () => {
  await app().createUser({ username: "lena", role: "student", first_name: "Lena" });
  await app().createUser({ username: "otto", role: "instructor", first_name: "Otto" });
  await app().createUser({ username: "chef", role: "admin" });
  device = await makeDeviceKeys();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: new Uint8Array(Buffer.concat(chunks)) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  pushOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The page's PushManager answers a subscription at the loopback push service (see above). */
async function pushServiceStandIn(page: Page) {
  await page.addInitScript(({ endpoint, p256dh, auth }) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(current);
    };
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array;
      current = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer as ArrayBuffer },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      } as unknown as PushSubscription;
      return Promise.resolve(current);
    };
  }, { endpoint: `${pushOrigin}/geraet/lena`, p256dh: device.p256dh, auth: device.auth });
}

/** The service worker's registration id for the app's origin, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      const reg = event.registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return await found;
}

/** The office publishes a draft lesson of Lena's, through the API as the page would. */
async function officePublishes(page: Page) {
  await app().sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at,
                              status, appointment_type)
    select s.id, i.id, 'manual', '2031-05-06 10:00 Europe/Berlin', '2031-05-06 10:45 Europe/Berlin',
           'pending', 'driving_lesson'
      from users s, users i where s.username = 'lena' and i.username = 'otto'`;
  await loginAs(page, app().baseURL, "chef");
  const status = await page.evaluate(async () => {
    const { csrfToken } = await (await fetch("/api/csrf/")).json();
    const res = await fetch("/api/admin/publish-plan/", {
      method: "POST",
      headers: { "X-CSRFToken": csrfToken, "Content-Type": "application/json" },
      body: "{}",
    });
    return res.status;
  });
  expect(status).toBe(200);
}

test("allowed on the device, a published plan shows as a German notification", async ({ page, context, browser }) => {
  const origin = app().baseURL;
  // The student tutorial would start by itself and shield the page; it has its own tests.
  await context.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  await context.grantPermissions(["notifications"], { origin });
  await pushServiceStandIn(page);
  await loginAs(page, origin, "lena");
  await waitForController(page);

  await page.getByRole("button", { name: /Benutzermenü/ }).click();
  await page.getByRole("button", { name: "Benachrichtigungen" }).click();
  const dialog = page.getByRole("dialog", { name: "Benachrichtigungen" });
  await expect(dialog).toContainText("Noch kein Gerät erhält Push-Nachrichten.");
  await dialog.getByRole("button", { name: "Benachrichtigungen auf diesem Gerät erlauben" })
    .click();
  await expect(dialog).toContainText("Dieses Gerät erhält Benachrichtigungen.");
  await expect(dialog).toContainText("1 Gerät erhält Push-Nachrichten bei:");
  const devices = await app().sql`
    select s.endpoint from push_subscriptions s join users u on u.id = s.user_id
     where u.username = 'lena'`;
  expect(devices.map((d) => d.endpoint)).toEqual([`${pushOrigin}/geraet/lena`]);

  const office = await browser.newContext();
  await officePublishes(await office.newPage());
  await office.close();
  // The delivery worker (started with the app) encrypts and sends it to the push service.
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
  const message = await device.decrypt(received[0].body);
  expect(JSON.parse(message).title).toBe("Ihr Fahrplan: 1 neuer Termin");

  // The push service hands the message to the browser's service worker.
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, `${origin}/`);
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data: message });
  await expect.poll(() =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n) => [n.title, n.body]);
    }), { timeout: 15_000 }).toEqual([[
      "Ihr Fahrplan: 1 neuer Termin",
      "Di, 06.05.2031, 10:00 Uhr: Fahrstunde mit Otto",
    ]]);

  // Switched off on the device: the server forgets it.
  await dialog.getByRole("button", { name: "Auf diesem Gerät ausschalten" }).click();
  await expect(dialog).toContainText("Noch kein Gerät erhält Push-Nachrichten.");
  expect((await app().sql`select count(*)::int as n from push_subscriptions`)[0].n).toBe(0);

  // Per event and channel: no push reminders, e-mail reminders stay on.
  await dialog.getByRole("group", { name: "Push-Nachrichten bei" })
    .getByLabel(/Erinnerung vor jedem Termin/).uncheck();
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  const [choice] = await app().sql`
    select p.reminder, p.push_reminder, p.push_plan_published
      from notification_preferences p join users u on u.id = p.user_id where u.username = 'lena'`;
  expect(choice).toEqual({ reminder: true, push_reminder: false, push_plan_published: true });

  // Signing out ends the device's subscription: a shared device shows nobody's lessons after.
  // Opened again on a fresh page, as a person would the next day.
  await page.reload();
  await page.getByRole("button", { name: /Benutzermenü/ }).click();
  await page.getByRole("button", { name: "Benachrichtigungen" }).click();
  await dialog.getByRole("button", { name: "Benachrichtigungen auf diesem Gerät erlauben" })
    .click();
  await expect(dialog).toContainText("1 Gerät erhält Push-Nachrichten bei:");
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await app().sql`select count(*)::int as n from push_subscriptions`)[0].n).toBe(0);
});
