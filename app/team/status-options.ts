import { team } from "~/content/team";
import { applicationStatuses } from "~/shared/inbox-query";

/** The application statuses as a select's choices: the code and what the team calls it. */
export const statusOptions = applicationStatuses.map((status) => ({
  value: status,
  label: team.statuses[status],
}));
