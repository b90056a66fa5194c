import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { loadToaster } from "~/components/ui/toaster";
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
      className={buttonClass("ghost", "sm", "shrink-0 whitespace-nowrap")}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        // The toaster (sonner, loaded when first wanted) is mounted while the passkey is made.
        const toaster = loadToaster();
        const { registerPasskey } = await import("./passkey-client");
        const outcome = await registerPasskey();
        setBusy(false);
        // A toaster that could not be loaded shows nothing; the passkey itself is made or not.
        const toast = await toaster.catch(() => undefined);
        if (outcome === "added") toast?.success(copy.passkeyAdded);
        else toast?.error(outcome === "stale" ? copy.passkeyStale : copy.passkeyFailed);
      }}
    >
      {busy ? copy.addingPasskey : copy.addPasskey}
    </button>
  );
}
