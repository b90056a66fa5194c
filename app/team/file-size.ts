/** A file's size as people read it: "840 B", "12 KB", "3.4 MB" (1 KB = 1,024 bytes). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const shown = size < 10 ? Math.round(size * 10) / 10 : Math.round(size);
  return `${shown} ${units[unit]}`;
}
