import type { Notice } from "./notice.ts";

/**
 * A chat service the team can be told on: the delivery kind's name (`slack`; its alerts are
 * `alert_slack`), the variable that holds its webhook URL, and how a notice is posted there.
 * Each format module (slack.ts, discord.ts, teams.ts) exports one; ./channels.ts lists them.
 */
export interface ChatChannel {
  readonly name: string;
  readonly variable: `${Uppercase<string>}_WEBHOOK_URL`;
  /** Posts the notice; resolves with the service's answer, throws a DeliveryError. */
  post(url: string, notice: Notice): Promise<string>;
}
