/**
 * What the last action did, said once at the top of a team page: a polite status when it
 * worked, an alert when it did not (screen readers announce both). Nothing when there is none.
 */
export function OutcomeNotice(props: { said?: { ok: boolean; message: string } }) {
  const { said } = props;
  if (!said) return null;
  return (
    <p
      role={said.ok ? "status" : "alert"}
      className={`mt-4 rounded-xl px-4 py-3 ${said.ok ? "bg-emerald-500/10 text-emerald-200" : "bg-rose-500/10 text-rose-200"}`}
    >
      {said.message}
    </p>
  );
}
