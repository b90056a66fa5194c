/**
 * The rules the form and the intake service share besides the schema: the honeypot's name, what
 * an idempotency key may be, what a UUID looks like.
 */

/** The hidden field bots fill in and people never see. */
export const honeypotField = "website";

/** Idempotency keys (the `Idempotency-Key` header): 1 to 200 visible ASCII characters. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;
export const idempotencyKeyMessage = "Idempotency-Key must be 1 to 200 visible ASCII characters";

/**
 * A UUID as crypto.randomUUID() makes them (any case): application IDs (the CLI's arguments, the
 * team's application pages), and the idempotency key the questionnaire's page carries (a posted
 * form with anything else gets none).
 */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
