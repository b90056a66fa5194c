/**
 * What to log of an error: its name, code and message only. Driver errors can carry query
 * details, and applicants' answers must never reach the logs.
 */
export function errorSummary(error: unknown): { name?: string; code?: string; message: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name,
      code: typeof code === "string" ? code : undefined,
      message: error.message.slice(0, 300),
    };
  }
  return { message: String(error).slice(0, 300) };
}
