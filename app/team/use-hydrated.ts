import { useEffect, useState } from "react";

/** False while server-rendered and until hydration; then true (for things that need scripts). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
