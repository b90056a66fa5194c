import { applicationStatuses } from "~/shared/inbox-query";
import { site } from "~/shared/site";

/** The application statuses as a select's choices: the code and what the team calls it. */
export const statusOptions = applicationStatuses.map((status) => ({
  value: status,
  label: site.team.statuses[status],
}));
