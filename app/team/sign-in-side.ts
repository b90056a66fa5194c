import type { SignInSide } from "~/components/email-link-sign-in";
import { teamPaths } from "~/shared/paths";
import { TeamShell } from "./team-shell";

/** The team's sign-in pages: in the team's frame (no member yet), asking at /team/sign-in. */
export const teamSignIn: SignInSide = { Shell: TeamShell, signInPath: teamPaths.signIn };
