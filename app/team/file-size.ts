import { team } from "~/content/team";
import { fill } from "~/shared/text";

const sizes = team.unmatched.sizes;

/** A file's size as people read it: "820 B", "12 KB", "3.4 MB" (no Intl: the same everywhere). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return fill(sizes.bytes, { n: bytes });
  if (bytes < 1024 * 1024) return fill(sizes.kilobytes, { n: Math.round(bytes / 1024) });
  return fill(sizes.megabytes, { n: (Math.round((bytes / (1024 * 1024)) * 10) / 10).toFixed(1) });
}
