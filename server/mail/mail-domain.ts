import { brand } from "#app/content/brand.ts";

/** The domain of MAIL_FROM ("Name <x@domain>" or "x@domain"), for Message-IDs and replies. */
export function mailDomain(mailFrom: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(mailFrom)?.[1] ?? brand.domain;
}
