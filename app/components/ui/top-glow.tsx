/** The violet glow at the top of the questionnaire and the confirmation, behind their content. */
export function TopGlow() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(60%_100%_at_50%_0%,rgb(124_58_237/0.25),transparent)]"
    />
  );
}
