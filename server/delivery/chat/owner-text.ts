import { chat } from "#app/content/chat.ts";
import type { Member } from "../../db/members.ts";

/** Who owns an application, as messages name them: "Name <email>", or unassigned. */
export function ownerText(owner: Pick<Member, "name" | "email"> | undefined): string {
  return owner ? `${owner.name} <${owner.email}>` : chat.application.unassigned;
}
