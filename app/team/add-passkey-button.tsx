import { useState } from "react";
import { toast } from "sonner";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { useHydrated } from "./use-hydrated";

const copy = team.nav;

/** "Add a passkey": shown once scripts run (WebAuthn needs them). */
export function AddPasskeyButton() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={buttonClass("ghost", "sm")}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const { registerPasskey } = await import("./passkey-client");
        const outcome = await registerPasskey();
        setBusy(false);
        if (outcome === "added") toast.success(copy.passkeyAdded);
        else toast.error(outcome === "stale" ? copy.passkeyStale : copy.passkeyFailed);
      }}
    >
      {busy ? copy.addingPasskey : copy.addPasskey}
    </button>
  );
}
