/** A delivery worker's configuration for tests: polls every 50 ms, retries after 1 ms. */
export const workerTestConfig = {
  DELIVERY_POLL_MS: 50,
  DELIVERY_LEASE_MS: 60_000,
  DELIVERY_RETRY_DELAYS: [1],
  MAIL_FROM: "Reelsmith <no-reply@reelsmith.example>",
  TEAM_EMAIL: "team@reelsmith.example",
  CONTACT_EMAIL: "hello@reelsmith.example",
  WEBHOOK_URL: undefined,
  WEBHOOK_SECRET: undefined,
};
