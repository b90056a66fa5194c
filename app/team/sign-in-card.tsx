import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { TeamShell } from "./team-shell";

/** The page of each sign-in step: one narrow card, its heading (`id`) naming it. */
export function SignInCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <TeamShell>
      <Card className="mx-auto max-w-md" aria-labelledby={id}>
        <h1 id={id} className="text-2xl font-bold text-white">
          {title}
        </h1>
        {children}
      </Card>
    </TeamShell>
  );
}
