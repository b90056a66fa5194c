import { describe, expect, it } from "vitest";
import { contentDisposition } from "./team.attachment";

describe("the name an attachment is downloaded under", () => {
  it("is an attachment, in UTF-8 and in plain ASCII", () => {
    expect(contentDisposition("Brief für Maya.pdf")).toBe(
      `attachment; filename="Brief f_r Maya.pdf"; filename*=UTF-8''Brief%20f%C3%BCr%20Maya.pdf`,
    );
  });

  it("can carry no header, no path and no quote of the sender's", () => {
    const header = contentDisposition('a"\r\nSet-Cookie: x=1;\\..\\/b.html');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_Set-Cookie: x=1_..b.html"; filename*=UTF-8''a%22Set-Cookie%3A%20x%3D1%3B..b.html`,
    );
    expect(contentDisposition("\u0000\u001f")).toBe(
      `attachment; filename="attachment"; filename*=UTF-8''attachment`,
    );
  });
});
