import type {
  SettingsField,
  SettingsFieldError,
  SettingsOutcome,
  SettingsPort,
} from "#app/shared/settings-port.ts";
import { settingsLimits } from "#app/shared/settings-port.ts";
import { forbiddenCharacters, hasFormattingCharacters } from "#app/shared/text.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  adminCount,
  memberInsert,
  memberRemoval,
  nameUpdate,
  newMemberId,
  settingsOf,
  settingsUpsert,
} from "../db/member-settings.ts";
import {
  findMember,
  findMemberById,
  listMembers,
  type Member,
  normaliseEmail,
} from "../db/members.ts";

/** The IANA zones of this runtime, UTC first: the only values a member may choose. */
export const timeZones: readonly string[] = [
  "UTC",
  ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC"),
];
const knownZones = new Set(timeZones);

type Fields = Partial<Record<SettingsField, SettingsFieldError>>;

/** A trimmed line of text within `max`, without control or formatting characters. */
function checkText(value: string, max: number, required: boolean): SettingsFieldError | undefined {
  if (required && value.length === 0) return "required";
  if (value.length > max) return "tooLong";
  if (forbiddenCharacters.test(value) || hasFormattingCharacters(value)) return "characters";
  return undefined;
}

const emailPattern = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

const invalid = (fields: Fields): SettingsOutcome | undefined =>
  Object.values(fields).some(Boolean) ? { ok: false, error: "invalid", fields } : undefined;

/**
 * /team/settings on the server, bound to the member signed in: their own profile (name,
 * signature, time zone), and, for admins only, the team's members and who is admin. Every
 * change is checked here, whatever the page showed: a member who is not an admin is refused
 * (`forbidden`), the last admin stays one, and nobody removes themselves from this page.
 * Writes take the handle's route (the SQLite writer thread on the server).
 */
export function createSettings(
  database: Pick<DatabaseHandle, "db" | "dialect" | "write" | "writeTransaction">,
  member: Pick<Member, "id" | "email">,
): SettingsPort {
  const { db } = database;
  const isAdmin = async () => (await settingsOf(db, member.id)).isAdmin;

  return {
    async view() {
      const [me, settings, members] = await Promise.all([
        findMemberById(database, member.id),
        settingsOf(db, member.id),
        listMembers(database),
      ]);
      return {
        me: { id: member.id, email: member.email, name: me?.name ?? "", ...settings },
        // By name, then address: how the page lists the team.
        members: members
          .map(({ id, email, name, isAdmin, away }) => ({ id, email, name, isAdmin, away }))
          .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email)),
        timeZones: [...timeZones],
      };
    },

    async saveProfile(input) {
      const name = input.name.trim();
      const signature = input.signature.replace(/\r\n?/g, "\n").trim();
      const timeZone = input.timeZone.trim() || "UTC";
      const refused = invalid({
        name: checkText(name, settingsLimits.name, true),
        signature: checkText(signature, settingsLimits.signature, false),
        timeZone: knownZones.has(timeZone) ? undefined : "unknownZone",
      });
      if (refused) return refused;
      await database.writeTransaction([
        nameUpdate(database, member.id, name),
        settingsUpsert(db, member.id, { signature, timeZone }),
      ]);
      return { ok: true, done: "profile" };
    },

    async addMember(input) {
      if (!(await isAdmin())) return { ok: false, error: "forbidden" };
      const email = normaliseEmail(input.email);
      const name = input.name.trim() || (email.split("@")[0] ?? "");
      const refused = invalid({
        email:
          email.length > settingsLimits.email || !emailPattern.test(email) ? "email" : undefined,
        name: checkText(name, settingsLimits.name, true),
      });
      if (refused) return refused;
      if (await findMember(database, email)) return { ok: false, error: "exists" };
      const id = newMemberId();
      const results = await database.writeTransaction([
        memberInsert(database, { id, email, name }),
        settingsUpsert(db, id, { isAdmin: input.admin }),
      ]);
      if ((results[0]?.affected ?? 0) === 0) return { ok: false, error: "exists" };
      return { ok: true, done: "added" };
    },

    async removeMember(memberId) {
      if (!(await isAdmin())) return { ok: false, error: "forbidden" };
      if (memberId === member.id) return { ok: false, error: "self" };
      const target = await settingsOfMember(memberId);
      if (!target) return { ok: false, error: "not_found" };
      if (target.isAdmin && (await adminCount(db)) <= 1) return { ok: false, error: "last_admin" };
      await database.writeTransaction([...memberRemoval(db, memberId)]);
      return { ok: true, done: "removed" };
    },

    async setAdmin(memberId, admin) {
      if (!(await isAdmin())) return { ok: false, error: "forbidden" };
      const target = await settingsOfMember(memberId);
      if (!target) return { ok: false, error: "not_found" };
      if (!admin && target.isAdmin && (await adminCount(db)) <= 1) {
        return { ok: false, error: "last_admin" };
      }
      await database.write(settingsUpsert(db, memberId, { isAdmin: admin }));
      return { ok: true, done: "role" };
    },
  };

  /** A member's settings, when the member is there. */
  async function settingsOfMember(memberId: string) {
    const found = await findMemberById(database, memberId);
    return found ? settingsOf(db, found.id) : undefined;
  }
}
