/**
 * The value `record` holds under `key` itself, or undefined: never one it inherits
 * (`"__proto__"`, `"constructor"`, `"toString"` name Object.prototype's, and `key in record`
 * says yes to them). For copy looked up by a word from a query string or a stored row.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string | null | undefined) {
  return key != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
