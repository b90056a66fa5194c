/** A version's number from the URL ("3"), or undefined: not a plain positive number. */
export function versionNumber(param: string | undefined): number | undefined {
  if (!param || !/^[1-9]\d{0,5}$/.test(param)) return undefined;
  return Number(param);
}
