import { defaultPlan, planNamed } from "#app/content/plans.ts";
import { portal } from "#app/content/portal.ts";
import type { NewRequestField, NewRequestOutcome, PortalPerson } from "#app/shared/portal-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { newRequestId, requestInsert, requestsPerWeek } from "../db/portal/client-requests.ts";
import { startingWeek, weekOf } from "./week.ts";

const errors = portal.client.newRequest.errors;
const dayMs = 24 * 60 * 60 * 1000;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The form's fields, checked: the request's values, or a message per wrong field. */
export function checkNewRequest(form: URLSearchParams, now: number) {
  const title = (form.get("title") ?? "").trim();
  const brief = (form.get("brief") ?? "").trim();
  const platform = form.get("platform") ?? "";
  const wishedDate = form.get("wishedDate") ?? "";
  const fieldErrors: Partial<Record<NewRequestField, string>> = {};
  if (title.length < 1 || title.length > 120) fieldErrors.title = errors.title;
  if (brief.length < 10 || brief.length > 5000) fieldErrors.brief = errors.brief;
  if (!(portal.client.platforms as readonly string[]).includes(platform)) {
    fieldErrors.platform = errors.platform;
  }
  // A day from yesterday (UTC: the client may be behind it) to two years on.
  const day = datePattern.test(wishedDate) ? Date.parse(`${wishedDate}T00:00:00Z`) : Number.NaN;
  const valid = Number.isFinite(day) && new Date(day).toISOString().startsWith(wishedDate);
  if (!valid || day < now - 2 * dayMs || day > now + 731 * dayMs) {
    fieldErrors.wishedDate = errors.wishedDate;
  }
  return { title, brief, platform, wishedDate, fieldErrors };
}

/**
 * A client's new request: checked, then stored starting this week, or the first later week with
 * room under the plan's videos a week (a request beyond them is accepted, later). Two requests
 * made in the same instant may both take this week's last place (a known limit: decision 0081).
 */
export async function createRequest(
  database: DatabaseHandle,
  person: PortalPerson,
  form: URLSearchParams,
  now: number,
): Promise<NewRequestOutcome> {
  const checked = checkNewRequest(form, now);
  if (Object.keys(checked.fieldErrors).length > 0) {
    return { ok: false, fieldErrors: checked.fieldErrors };
  }
  const perWeek = (planNamed(person.plan) ?? planNamed(defaultPlan))?.contract.videosPerWeek ?? 1;
  const thisWeek = weekOf(now);
  const taken = await requestsPerWeek(database, person.clientId, thisWeek);
  const request = {
    id: newRequestId(),
    title: checked.title,
    brief: checked.brief,
    platform: checked.platform,
    wishedDate: checked.wishedDate,
    startsWeek: startingWeek(now, Math.max(1, perWeek), taken),
    createdAt: now,
  };
  await database.write(
    requestInsert(database.db, {
      ...request,
      clientId: person.clientId,
      createdBy: person.personId,
    }),
  );
  return { ok: true, request: { ...request, state: "edit" }, thisWeek };
}
