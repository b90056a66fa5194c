import type { SignInSide } from "~/components/email-link-sign-in";
import { portalPaths } from "~/shared/paths";
import { PortalShell } from "./portal-shell";

/** The client portal's sign-in pages: in the portal's frame (no one yet), asking at /portal/sign-in. */
export const portalSignIn: SignInSide = { Shell: PortalShell, signInPath: portalPaths.signIn };
