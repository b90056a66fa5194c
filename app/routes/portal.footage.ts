import { data } from "react-router";
import { signedInPerson } from "~/portal/route-helpers";
import type { Route } from "./+types/portal.footage";

/**
 * The poster or preview of one of the signed-in person's client's finished uploads (the
 * portal's guard sends anyone without a client session to sign in; a member's session is not
 * one). The upload is looked up within that client only: any other id, another client's upload,
 * a file not made or any other file is a 404 that says nothing. Streamed, `Range` honoured.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { portal } = signedInPerson(context);
  const found = await portal.footageFile(params.upload, params.file, request.headers.get("range"));
  if (!found) throw data(null, { status: 404 });
  return found;
}
