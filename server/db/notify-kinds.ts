/** Chat messages announcing an application (one delivery per configured channel). */
export const chatKinds = ["slack", "discord", "teams"] as const;
export type ChatKind = (typeof chatKinds)[number];

/**
 * Alerts that a delivery failed for good: by email (ALERT_EMAIL) and to each configured chat
 * channel. They are deliveries too, made in the statement that marks the other one failed.
 */
export const alertKinds = ["alert_email", "alert_slack", "alert_discord", "alert_teams"] as const;
export type AlertKind = (typeof alertKinds)[number];

export const isAlertKind = (kind: string): kind is AlertKind =>
  (alertKinds as readonly string[]).includes(kind);
