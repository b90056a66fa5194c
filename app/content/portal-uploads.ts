/**
 * What the portal's uploads endpoint (/portal/uploads, tus) answers in words when it refuses an
 * upload (the body of the 4xx answer; a page shows it as it is). `{placeholders}` are filled by
 * the server (`fill`, in app/shared/text.ts).
 */
export const portalUploads = {
  /** The first bytes are not those of a video, a sound or a picture (415). */
  notMedia:
    "Only video, audio and image files can be uploaded, and this file's content is {found}. Nothing of it was kept.",
  /** What {found} says when the content is of no type the server knows. */
  unknownType: "not one of those",
  /** What {found} says when the content is of a known type ({type}: its MIME type). */
  knownType: "{type}",
  /** An upload left unfinished past PORTAL_UPLOAD_EXPIRY_HOURS (410; the client starts again). */
  expired:
    "This upload was left unfinished for too long and has been removed: please start it again.",
  /** A client with PORTAL_OPEN_UPLOADS_MAX uploads unfinished already (429; nothing stored). */
  tooManyOpen:
    "You have {max} uploads not finished yet: finish or remove some before starting another.",
  /** A request with Upload-Checksum: the server does not check them, so it takes none (400). */
  checksum: "Checksums are not checked here: send the bytes without Upload-Checksum.",
  /** A request that waited too long for another request on the same upload (423; retried). */
  busy: "This upload is busy with another request: try again in a moment.",
  /** A failure of the server's own (its database…): nothing of the error itself is said (500). */
  failed: "Something went wrong on our side: please try again in a moment.",
} as const;
