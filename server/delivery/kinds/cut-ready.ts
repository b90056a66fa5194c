import { portalCuts } from "#app/content/portal-cuts.ts";
import { portalCutPath } from "#app/shared/paths.ts";
import { fill } from "#app/shared/text.ts";
import { versionNoticeOf } from "../../db/portal/request-versions.ts";
import { mailEach, onDemandEmailKind, toldByDelivery } from "./on-demand-email.ts";

/** The version this delivery tells of: its id is the version's (made in one transaction). */
const versions = toldByDelivery(
  "cut-ready email",
  versionNoticeOf,
  "the version is no longer there",
);

/**
 * "v2 of <title> is ready to review" by email to every person of the client (decision 0091),
 * one message each (no one sees another's address), with the stable link that opens the
 * request's latest version. Made by the job cut-versions with the version, on the client's
 * application, exactly once per version. Skipped when the version is gone (client erased).
 */
export const cutReadyEmailKind = onDemandEmailKind(
  "cut_ready_email",
  versions,
  async (notice, job, context) => {
    const { config } = context;
    if (!config.PUBLIC_SITE_URL) throw new Error("the cut-ready email needs PUBLIC_SITE_URL");
    const words = portalCuts.email;
    const link = new URL(portalCutPath(notice.requestId), config.PUBLIC_SITE_URL).toString();
    const values = { number: notice.number, title: notice.title, client: notice.clientName };
    await mailEach(context, job, "cut-ready", notice.emails, {
      subject: fill(words.subject, values),
      text: [fill(words.body, values), "", `${words.open}: ${link}`, ""].join("\n"),
    });
  },
);
