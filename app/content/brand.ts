/**
 * The brand, named once: everything a rebrand changes. Every other file of app/content/ (and
 * the server's defaults for its addresses) takes the name, the tagline and the addresses from
 * here, so a rebrand edits this file and nothing else.
 */

const domain = "reelsmith.example";

export const brand = {
  name: "Reelsmith",
  tagline: "Done-for-you short-form video editing",
  description:
    "Send us your raw footage. We return scroll-stopping short-form videos with captions, hashtags and a posting schedule, ready for TikTok, Reels, Shorts and LinkedIn.",
  /** The domain of the addresses below (and of Message-IDs when MAIL_FROM names none). */
  domain,
  /** The addresses: defaults of CONTACT_EMAIL, TEAM_EMAIL and MAIL_FROM's address. */
  addresses: {
    contact: `hello@${domain}`,
    team: `team@${domain}`,
    noReply: `no-reply@${domain}`,
  },
} as const;

export type Brand = typeof brand;
