import { discordChannel } from "./discord.ts";
import { slackChannel } from "./slack.ts";
import { teamsChannel } from "./teams.ts";

/**
 * Every chat channel, in the order messages go out. A new one: a format module exporting a
 * ChatChannel, one line here, its label in the team's copy (docs/contributing.md).
 */
export const chatChannels = [slackChannel, discordChannel, teamsChannel] as const;

export type ChatChannelName = (typeof chatChannels)[number]["name"];
/** SLACK_WEBHOOK_URL, DISCORD_WEBHOOK_URL, … */
export type ChatVariable = (typeof chatChannels)[number]["variable"];
