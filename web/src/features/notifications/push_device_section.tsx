import { useEffect, useState } from "react";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import {
  allowOnThisDevice,
  type DeviceState,
  deviceState,
  stopOnThisDevice,
} from "../../lib/push/device.ts";

/**
 * "Benachrichtigungen auf diesem Gerät erlauben": this device's push subscription, with what the
 * browser allows said plainly (not supported, blocked, on). `onDevices` gets the person's device
 * count after a change.
 */
export function PushDeviceSection({ onDevices }: { onDevices(devices: number): void }) {
  const toast = useToast();
  const [state, setState] = useState<DeviceState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    deviceState().then((s) => live && setState(s), () => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  async function run(action: () => Promise<number>, done: string) {
    setBusy(true);
    try {
      onDevices(await action());
      toast.show(done, "success");
    } catch (err) {
      toast.show(err instanceof Error && err.message ? err.message : "Fehler", "error");
    } finally {
      setState(await deviceState().catch(() => "unsupported" as const));
      setBusy(false);
    }
  }

  if (state === null) return null;
  return (
    <div className="push-device" aria-live="polite">
      {state === "unsupported" && (
        <p className="muted small">
          Dieser Browser kann keine Benachrichtigungen empfangen. Auf dem iPhone geht das, wenn
          Fahrplan über „Teilen“ → „Zum Home-Bildschirm“ installiert ist.
        </p>
      )}
      {state === "denied" && (
        <p className="alert alert-warning">
          Benachrichtigungen sind für Fahrplan in Ihrem Browser blockiert. Sie können sie in den
          Website-Einstellungen des Browsers wieder erlauben.
        </p>
      )}
      {state === "not-subscribed" && (
        <BusyButton
          className="button button-secondary"
          busy={busy}
          busyLabel="Wird eingeschaltet..."
          onClick={() =>
            run(allowOnThisDevice, "Benachrichtigungen auf diesem Gerät sind eingeschaltet")}
        >
          Benachrichtigungen auf diesem Gerät erlauben
        </BusyButton>
      )}
      {state === "subscribed" && (
        <>
          <p className="push-device-on">Dieses Gerät erhält Benachrichtigungen.</p>
          <BusyButton
            className="button button-secondary"
            busy={busy}
            busyLabel="Wird ausgeschaltet..."
            onClick={() =>
              run(stopOnThisDevice, "Benachrichtigungen auf diesem Gerät sind ausgeschaltet")}
          >
            Auf diesem Gerät ausschalten
          </BusyButton>
        </>
      )}
    </div>
  );
}
